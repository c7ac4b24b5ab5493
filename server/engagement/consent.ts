// The consent to sign electronically (docs/product/engagement.md#public-calls), asked before the
// documents are shown, in the three languages of the signing page. It names what a consumer
// disclosure under the E-SIGN Act names: the right to paper copies, how to withdraw consent, and
// what is needed to open and keep the documents. The certificate prints which language was shown.
import type { Schemas } from '../http/contractTypes';

export type ClientLanguage = Schemas['ClientLanguage'];
export type ConsentText = Schemas['EngagementConsentText'];

export function consentTexts(firmName: string): Record<ClientLanguage, ConsentText> {
  const firm = firmName.trim() || 'the law firm';
  return {
    en: {
      title: 'Consent to sign electronically',
      paragraphs: [
        `${firm} asks you to read and sign your engagement documents on this device instead of on paper. Your electronic signature has the same effect as your handwritten one.`,
        `You have the right to receive these documents on paper instead, free of charge: ask ${firm} and they will send you paper copies to sign.`,
        `You may withdraw this consent at any time before you sign by closing this page and telling ${firm}; after you sign, tell ${firm} in writing and future documents will be sent on paper. Withdrawing does not undo a signature already made.`,
        'To open and keep the documents you need a phone or computer with a current web browser and a way to save or print a PDF file. After signing you can download your signed copy.',
      ],
      agree: 'I agree to use electronic records and signatures.',
    },
    es: {
      title: 'Consentimiento para firmar electrónicamente',
      paragraphs: [
        `${firm} le pide leer y firmar sus documentos de contratación en este dispositivo en lugar de en papel. Su firma electrónica tiene el mismo efecto que su firma a mano.`,
        `Usted tiene derecho a recibir estos documentos en papel, sin costo: pídalo a ${firm} y le enviarán copias en papel para firmar.`,
        `Puede retirar este consentimiento en cualquier momento antes de firmar cerrando esta página y avisando a ${firm}; después de firmar, avise a ${firm} por escrito y los documentos futuros se le enviarán en papel. Retirarlo no anula una firma ya hecha.`,
        'Para abrir y guardar los documentos necesita un teléfono o computadora con un navegador web actual y una forma de guardar o imprimir un archivo PDF. Después de firmar podrá descargar su copia firmada.',
      ],
      agree: 'Acepto usar documentos y firmas electrónicos.',
    },
    vi: {
      title: 'Đồng ý ký điện tử',
      paragraphs: [
        `${firm} mời quý vị đọc và ký các văn bản thuê luật sư trên thiết bị này thay vì trên giấy. Chữ ký điện tử của quý vị có giá trị như chữ ký tay.`,
        `Quý vị có quyền nhận các văn bản này trên giấy, miễn phí: hãy yêu cầu ${firm} và họ sẽ gửi bản giấy để quý vị ký.`,
        `Quý vị có thể rút lại sự đồng ý này bất cứ lúc nào trước khi ký bằng cách đóng trang này và báo cho ${firm}; sau khi ký, hãy báo cho ${firm} bằng văn bản và các văn bản sau sẽ được gửi trên giấy. Việc rút lại không hủy chữ ký đã ký.`,
        'Để mở và lưu các văn bản, quý vị cần điện thoại hoặc máy tính có trình duyệt web hiện hành và cách lưu hoặc in tệp PDF. Sau khi ký, quý vị có thể tải bản đã ký về.',
      ],
      agree: 'Tôi đồng ý sử dụng văn bản và chữ ký điện tử.',
    },
  };
}
