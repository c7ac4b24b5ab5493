// Emailing a client link (docs/product/client-intake.md#by-email), the engagement's signing link
// (docs/product/engagement.md#the-link) and a staff member's password reset link
// (docs/product/sign-in-and-session.md, Password reset) through nodemailer, when SMTP_URL
// is set. One short message in the three languages of the client's form: the server does not know
// which one the client reads until they pick it on the page.
import nodemailer from 'nodemailer';
import { passwordResetTexts } from '../../src/domain/texts';

export interface ClientLinkMessage {
  to: string;
  url: string;
  expiresAt: string;
  firmName: string;
  clientFirstName: string;
}

export interface PasswordResetMessage {
  to: string;
  url: string;
  firstName: string;
}

export interface Mailer {
  sendClientLink(message: ClientLinkMessage): Promise<void>;
  /** The engagement's signing link (docs/product/engagement.md#the-link), in the same three languages. */
  sendEngagementLink(message: ClientLinkMessage): Promise<void>;
  sendPasswordReset(message: PasswordResetMessage): Promise<void>;
}

export interface MailerSettings {
  /** SMTP_URL: smtp://user:pass@host:587 or smtps://... (nodemailer's connection URL). */
  smtpUrl: string;
  /** SMTP_FROM: the sender; by default no-reply at the SMTP host. */
  from?: string;
}

function day(iso: string): string {
  return iso.slice(0, 10);
}

export function clientLinkText(message: ClientLinkMessage): string {
  const firm = message.firmName || 'your law firm';
  const until = day(message.expiresAt);
  return [
    `Hello ${message.clientFirstName},`,
    '',
    `${firm} asks you to fill in your part of your intake. The link works once, until ${until}:`,
    `Hola ${message.clientFirstName}: ${firm} le pide que complete su parte del formulario de admisión. El enlace sirve una sola vez, hasta el ${until}:`,
    `Xin chào ${message.clientFirstName}, ${firm} mời quý vị điền phần thông tin của mình. Đường dẫn chỉ dùng được một lần, đến hết ngày ${until}:`,
    '',
    message.url,
    '',
    'If you did not expect this message, ignore it. / Si no esperaba este mensaje, ignórelo. / Nếu quý vị không chờ thư này, xin bỏ qua.',
  ].join('\n');
}

export function engagementLinkText(message: ClientLinkMessage): string {
  const firm = message.firmName || 'your law firm';
  const until = day(message.expiresAt);
  return [
    `Hello ${message.clientFirstName},`,
    '',
    `${firm} sends you your engagement documents to read and sign on your phone. The link works once, until ${until}:`,
    `Hola ${message.clientFirstName}: ${firm} le envía sus documentos de contratación para leer y firmar en su teléfono. El enlace sirve una sola vez, hasta el ${until}:`,
    `Xin chào ${message.clientFirstName}, ${firm} gửi quý vị các văn bản thuê luật sư để đọc và ký trên điện thoại. Đường dẫn chỉ dùng được một lần, đến hết ngày ${until}:`,
    '',
    message.url,
    '',
    'If you did not expect this message, ignore it. / Si no esperaba este mensaje, ignórelo. / Nếu quý vị không chờ thư này, xin bỏ qua.',
  ].join('\n');
}

export function passwordResetText(message: PasswordResetMessage): string {
  return [
    `Hello ${message.firstName},`,
    '',
    'Someone asked to reset the password of your account. To choose a new password, open this link. It works once, for 30 minutes:',
    '',
    message.url,
    '',
    'If you did not ask for this, ignore this message: your password stays as it is.',
  ].join('\n');
}

export function createMailer({ smtpUrl, from }: MailerSettings): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const sender = from ?? `no-reply@${new URL(smtpUrl).hostname}`;
  return {
    async sendClientLink(message) {
      await transport.sendMail({
        from: sender,
        to: message.to,
        subject: `${message.firmName || 'Intake'}: your intake form / su formulario / biểu mẫu của quý vị`,
        text: clientLinkText(message),
      });
    },
    async sendEngagementLink(message) {
      await transport.sendMail({
        from: sender,
        to: message.to,
        subject: `${message.firmName || 'Engagement'}: documents to sign / documentos para firmar / văn bản cần ký`,
        text: engagementLinkText(message),
      });
    },
    async sendPasswordReset(message) {
      await transport.sendMail({
        from: sender,
        to: message.to,
        subject: passwordResetTexts.emailSubject,
        text: passwordResetText(message),
      });
    },
  };
}
