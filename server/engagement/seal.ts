// Seals the signed engagement (docs/product/engagement.md#the-seal): a signature placeholder added
// with @signpdf/placeholder-pdf-lib, PAdES's sub-filter (ETSI.CAdES.detached), then the detached
// CMS signature over the whole file by @signpdf/signpdf with @signpdf/signer-p12 and the firm's
// signing certificate. Any byte changed afterwards makes the signature's digest fail.
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import type { PDFDocument } from 'pdf-lib';
import type { SigningCertificate } from './signingCertificate';

/** SUBFILTER_ETSI_CADES_DETACHED of @signpdf/utils (a dependency of the packages above, not of the app). */
const PADES_SUBFILTER = 'ETSI.CAdES.detached';

export interface SealDetails {
  reason: string;
  firmName: string;
  contactInfo: string;
  location: string;
  signingTime: Date;
}

export async function sealPdf(doc: PDFDocument, certificate: SigningCertificate, details: SealDetails): Promise<Buffer> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: details.reason,
    contactInfo: details.contactInfo,
    name: details.firmName,
    location: details.location,
    signingTime: details.signingTime,
    subFilter: PADES_SUBFILTER,
    appName: 'Intake app',
  });
  // Without object streams the placeholder's /ByteRange and /Contents stay plain text for signpdf to find.
  const unsigned = Buffer.from(await doc.save({ useObjectStreams: false }));
  const signer = new P12Signer(certificate.p12, { passphrase: certificate.passphrase });
  // The class, not the default export: under Node's CommonJS interop the default is the module object.
  return new SignPdf().sign(unsigned, signer, details.signingTime);
}
