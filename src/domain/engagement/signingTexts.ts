// The signing page's own words in its three languages (docs/product/engagement.md#screens). The
// consent to sign electronically and the documents come from the server in the client's language
// (what the certificate records as shown); these are the page's buttons, titles and messages.
// Each language has the same keys, so a missing text fails to compile.
import type { ClientLanguage } from '../intake';

export interface SigningTexts {
  languageName: string;
  title: string;
  loading: string;
  language: string;
  greeting: (name: string) => string;
  intro: (firmName: string) => string;
  expires: (day: string) => string;
  consentRequired: string;
  continue: string;
  back: string;
  documentOf: (index: number, total: number) => string;
  next: string;
  toSign: string;
  signatureTitle: string;
  signatureIntro: string;
  draw: string;
  type: string;
  padLabel: string;
  padHint: string;
  clear: string;
  typedName: string;
  typedPreview: string;
  signatureRequired: string;
  nameRequired: string;
  documentsChanged: string;
  method: string;
  sign: string;
  signing: string;
  sendFailed: string;
  signedTitle: string;
  signed: (firmName: string) => string;
  download: string;
  usedTitle: string;
  used: string;
  expiredTitle: string;
  expired: string;
  failed: string;
  retry: string;
}

const en: SigningTexts = {
  languageName: 'English',
  title: 'Sign your documents',
  loading: 'Loading…',
  language: 'Language',
  greeting: (name) => (name ? `Hello, ${name}` : 'Hello'),
  intro: (firmName) => `${firmName || 'Your law firm'} asks you to read and sign the documents of your case.`,
  expires: (day) => `This link works until ${day}.`,
  consentRequired: 'Tick the box to agree, or ask your law firm for paper copies.',
  continue: 'Continue',
  back: 'Back',
  documentOf: (index, total) => `Document ${index} of ${total}`,
  next: 'Next document',
  toSign: 'Go to signature',
  signatureTitle: 'Your signature',
  signatureIntro: 'By signing, you sign every document you have just read.',
  draw: 'Draw',
  type: 'Type my name',
  padLabel: 'Signature pad: draw your signature with a finger or the mouse',
  padHint: 'Draw your signature in the box.',
  clear: 'Clear',
  typedName: 'Your full name',
  typedPreview: 'Your signature will read:',
  signatureRequired: 'Draw your signature or type your full name.',
  nameRequired: 'Type your full name.',
  documentsChanged: 'Your law firm changed the documents since you opened them. Please read them again before you sign.',
  method: 'How do you want to sign?',
  sign: 'Sign',
  signing: 'Signing…',
  sendFailed: 'Your signature could not be sent. Check your connection and try again: nothing is lost.',
  signedTitle: 'Signed. Thank you',
  signed: (firmName) => `${firmName || 'Your law firm'} has your signed documents. Keep a copy for yourself.`,
  download: 'Download the signed copy',
  usedTitle: 'These documents are already signed',
  used: 'This link has been used. Ask your law firm for a copy of the signed documents.',
  expiredTitle: 'This link no longer works',
  expired: 'It is unknown, has expired or was replaced by a new one. Ask your law firm for a new link.',
  failed: 'Something went wrong. Check your connection and try again.',
  retry: 'Try again',
};

const es: SigningTexts = {
  languageName: 'Español',
  title: 'Firme sus documentos',
  loading: 'Cargando…',
  language: 'Idioma',
  greeting: (name) => (name ? `Hola, ${name}` : 'Hola'),
  intro: (firmName) => `${firmName || 'Su bufete de abogados'} le pide que lea y firme los documentos de su caso.`,
  expires: (day) => `Este enlace funciona hasta el ${day}.`,
  consentRequired: 'Marque la casilla para aceptar, o pida copias en papel a su bufete de abogados.',
  continue: 'Continuar',
  back: 'Atrás',
  documentOf: (index, total) => `Documento ${index} de ${total}`,
  next: 'Siguiente documento',
  toSign: 'Ir a la firma',
  signatureTitle: 'Su firma',
  signatureIntro: 'Al firmar, firma todos los documentos que acaba de leer.',
  draw: 'Dibujar',
  type: 'Escribir mi nombre',
  padLabel: 'Panel de firma: dibuje su firma con el dedo o el ratón',
  padHint: 'Dibuje su firma en el recuadro.',
  clear: 'Borrar',
  typedName: 'Su nombre completo',
  typedPreview: 'Su firma dirá:',
  signatureRequired: 'Dibuje su firma o escriba su nombre completo.',
  nameRequired: 'Escriba su nombre completo.',
  documentsChanged: 'Su bufete de abogados cambió los documentos desde que los abrió. Léalos de nuevo antes de firmar.',
  method: '¿Cómo quiere firmar?',
  sign: 'Firmar',
  signing: 'Firmando…',
  sendFailed: 'No se pudo enviar su firma. Revise su conexión e inténtelo de nuevo: no se perdió nada.',
  signedTitle: 'Firmado. Gracias',
  signed: (firmName) => `${firmName || 'Su bufete de abogados'} tiene sus documentos firmados. Guarde una copia para usted.`,
  download: 'Descargar la copia firmada',
  usedTitle: 'Estos documentos ya están firmados',
  used: 'Este enlace ya se usó. Pida a su bufete de abogados una copia de los documentos firmados.',
  expiredTitle: 'Este enlace ya no funciona',
  expired: 'No existe, venció o fue reemplazado por uno nuevo. Pida un enlace nuevo a su bufete de abogados.',
  failed: 'Algo salió mal. Revise su conexión e inténtelo de nuevo.',
  retry: 'Intentar de nuevo',
};

const vi: SigningTexts = {
  languageName: 'Tiếng Việt',
  title: 'Ký tài liệu của quý vị',
  loading: 'Đang tải…',
  language: 'Ngôn ngữ',
  greeting: (name) => (name ? `Xin chào, ${name}` : 'Xin chào'),
  intro: (firmName) => `${firmName || 'Văn phòng luật của quý vị'} đề nghị quý vị đọc và ký các tài liệu về vụ việc của mình.`,
  expires: (day) => `Đường liên kết này có hiệu lực đến ${day}.`,
  consentRequired: 'Hãy đánh dấu vào ô để đồng ý, hoặc yêu cầu văn phòng luật gửi bản giấy.',
  continue: 'Tiếp tục',
  back: 'Quay lại',
  documentOf: (index, total) => `Tài liệu ${index} / ${total}`,
  next: 'Tài liệu tiếp theo',
  toSign: 'Đến phần ký tên',
  signatureTitle: 'Chữ ký của quý vị',
  signatureIntro: 'Khi ký, quý vị ký tất cả các tài liệu vừa đọc.',
  draw: 'Vẽ',
  type: 'Gõ tên tôi',
  padLabel: 'Khung ký tên: vẽ chữ ký bằng ngón tay hoặc chuột',
  padHint: 'Vẽ chữ ký của quý vị trong khung.',
  clear: 'Xóa',
  typedName: 'Họ và tên đầy đủ',
  typedPreview: 'Chữ ký của quý vị sẽ là:',
  signatureRequired: 'Hãy vẽ chữ ký hoặc gõ họ và tên đầy đủ.',
  nameRequired: 'Hãy gõ họ và tên đầy đủ.',
  documentsChanged: 'Văn phòng luật đã thay đổi tài liệu từ khi quý vị mở. Hãy đọc lại trước khi ký.',
  method: 'Quý vị muốn ký bằng cách nào?',
  sign: 'Ký',
  signing: 'Đang ký…',
  sendFailed: 'Không gửi được chữ ký. Hãy kiểm tra kết nối và thử lại: không mất gì cả.',
  signedTitle: 'Đã ký. Xin cảm ơn',
  signed: (firmName) => `${firmName || 'Văn phòng luật của quý vị'} đã nhận các tài liệu đã ký. Hãy giữ một bản cho mình.`,
  download: 'Tải bản đã ký',
  usedTitle: 'Các tài liệu này đã được ký',
  used: 'Đường liên kết này đã được dùng. Hãy yêu cầu văn phòng luật gửi bản sao tài liệu đã ký.',
  expiredTitle: 'Đường liên kết này không còn hiệu lực',
  expired: 'Đường liên kết không tồn tại, đã hết hạn hoặc đã được thay bằng liên kết mới. Hãy yêu cầu văn phòng luật gửi liên kết mới.',
  failed: 'Đã xảy ra lỗi. Hãy kiểm tra kết nối và thử lại.',
  retry: 'Thử lại',
};

export const signingTextsByLanguage: Record<ClientLanguage, SigningTexts> = { en, es, vi };

export function signingTexts(language: ClientLanguage): SigningTexts {
  return signingTextsByLanguage[language];
}
