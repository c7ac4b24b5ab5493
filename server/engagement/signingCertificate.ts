// The firm's signing certificate, which seals every signed engagement (docs/product/engagement.md#the-seal):
// a PKCS#12 file given by SIGNING_CERT_P12 with SIGNING_CERT_PASSPHRASE, or one made at the first
// start into DATA_DIR (mode 0600, like the other keys, server/crypto/secretFile.ts): a self-signed
// RSA 2048 certificate valid ten years, with an empty passphrase (the file's mode is its guard).
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import forge from 'node-forge';

export const SIGNING_CERT_FILE_NAME = 'signing-cert.p12';
const VALID_YEARS = 10;

export interface SigningCertificate {
  p12: Buffer;
  passphrase: string;
  /** The certificate's common name, printed on the certificate of completion. */
  subject: string;
}

/** A new self-signed certificate with its key, as PKCS#12 bytes. */
export function newSigningCertificate(commonName = 'Intake app engagement seal', passphrase = ''): SigningCertificate {
  // Node makes the key (forge's pure-JS key generation takes seconds); forge builds the certificate.
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs1', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  // A positive serial: the first byte's high bit clear.
  cert.serialNumber = `01${randomBytes(15).toString('hex')}`;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  cert.validity.notAfter = new Date(now.getTime());
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + VALID_YEARS);
  const attributes = [{ name: 'commonName', value: commonName }];
  cert.setSubject(attributes);
  cert.setIssuer(attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), passphrase, subject: commonName };
}

let temporary: SigningCertificate | undefined;

/**
 * One self-signed certificate for this process, made when first asked for: what an app built
 * without one (tests) seals with. Making an RSA key takes a second or more, so no app pays for it
 * before something is signed, and the apps of one process share it.
 */
export function temporarySigningCertificate(): SigningCertificate {
  temporary ??= newSigningCertificate('Intake app engagement seal (temporary)');
  return temporary;
}

/**
 * Opens a PKCS#12 file as @signpdf/signer-p12 will: a private key and a certificate of that key.
 * Throws a readable error when the bytes or the passphrase are wrong.
 */
export function openSigningCertificate(p12: Buffer, passphrase: string): SigningCertificate {
  let parsed: forge.pkcs12.Pkcs12Pfx;
  try {
    parsed = forge.pkcs12.pkcs12FromAsn1(forge.asn1.fromDer(forge.util.createBuffer(p12.toString('binary'))), false, passphrase);
  } catch {
    throw new Error('is not a PKCS#12 file that opens with this passphrase');
  }
  const keys = parsed.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag] ?? [];
  const certs = parsed.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const key = keys[0]?.key as forge.pki.rsa.PrivateKey | undefined;
  if (!key) throw new Error('holds no private key (a shrouded PKCS#8 key bag)');
  const cert = certs.find((bag) => {
    const publicKey = bag.cert?.publicKey as forge.pki.rsa.PublicKey | undefined;
    return publicKey?.n?.compareTo(key.n) === 0 && publicKey.e.compareTo(key.e) === 0;
  })?.cert;
  if (!cert) throw new Error('holds no certificate of its private key');
  const commonName = cert.subject.getField('CN') as { value?: string } | null;
  return { p12, passphrase, subject: String(commonName?.value ?? 'signing certificate') };
}

export interface SigningCertificateSource {
  /** SIGNING_CERT_P12: the file's path. */
  p12Path: string | undefined;
  /** SIGNING_CERT_PASSPHRASE. */
  passphrase: string | undefined;
  dataDir: string;
}

/** The configured certificate, or DATA_DIR's, made on the first start. */
export function resolveSigningCertificate({ p12Path, passphrase, dataDir }: SigningCertificateSource): SigningCertificate {
  if (p12Path !== undefined) return openSigningCertificate(readFileSync(p12Path), passphrase ?? '');
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, SIGNING_CERT_FILE_NAME);
  try {
    writeFileSync(file, newSigningCertificate().p12, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // EEXIST: made by an earlier start (or a concurrent one); read it below.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  chmodSync(file, 0o600);
  try {
    return openSigningCertificate(readFileSync(file), '');
  } catch (error) {
    throw new Error(`${file} ${(error as Error).message}; move it away to make a new one`, { cause: error });
  }
}
