// The client's engagement (docs/product/engagement.md): the firm's terms and documents, a signing
// link built like the client intake link (server/clientIntake/service.ts: a random token stored
// only as its hash, an expiry, one use, a new link revokes the old), the public page's two calls,
// and the signed, sealed file staff download. Every step goes into the activity trail.
import type { Kysely } from 'kysely';
import { defaultClientLanguage } from '../../src/domain/intake';
import type { SessionUser } from '../../src/domain/session';
import { recordActivity } from '../activity/recordActivity';
import type { Mailer } from '../clientIntake/mailer';
import { engagementAllowed } from '../conflicts/clearance';
import type { PiiCipher } from '../crypto/piiCipher';
import type { Database } from '../db/database';
import { findFirmById, type Firm } from '../firms/repository';
import type { Schemas } from '../http/contractTypes';
import { ApiError, databaseUnavailable, notFound, validationFailed } from '../http/errors';
import { deliveryRefusal, issueClientLink, linkNotFound, linkTokenHash, mailBeforeStoring, usableLink } from '../links/oneUseLink';
import { findIntake, parseSections, type IntakeRow } from '../intakes/repository';
import { intakeNotFound } from '../intakes/service';
import { consentTexts, type ClientLanguage } from './consent';
import {
  defaultTerms,
  documentKinds,
  documentsSha256,
  feeValue,
  fillDocuments,
  placeholders,
  sampleDocuments,
  sampleParties,
  unknownPlaceholders,
  type EngagementParties,
  type EngagementTerms,
} from './documents';
import { buildEngagementPdf, type SignatureMark } from './pdf';
import {
  claimEngagement,
  currentEngagement,
  findEngagementByHash,
  findEngagementFile,
  findTerms,
  insertEngagementFile,
  markEngagementOpened,
  replaceEngagement,
  saveTerms,
  type EngagementRow,
  type TermsRow,
} from './repository';
import { sealPdf } from './seal';
import { temporarySigningCertificate, type SigningCertificate } from './signingCertificate';

export const DEFAULT_ENGAGEMENT_LINK_DAYS = 7;
/** Where the signing page lives. */
export const SIGNING_PAGE = '/sign/';
/** The drawn signature's largest PNG, decoded. */
export const SIGNATURE_PNG_MAX_BYTES = 150 * 1024;
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Longer user agents are cut: the header is the caller's to fill (as for the client link). */
const USER_AGENT_MAX = 500;

export type LinkDelivery = NonNullable<Schemas['EngagementLinkRequest']['delivery']>;
export type EngagementSignature = Schemas['EngagementSignature'];
type TermsAnswer = Schemas['EngagementTerms'];
type StatusAnswer = Schemas['EngagementStatus'];

export interface EngagementSettings {
  db: Kysely<Database>;
  pii: PiiCipher;
  /** The firm's signing certificate; without it the process's temporary one (tests). */
  certificate?: SigningCertificate;
  /** ENGAGEMENT_LINK_DAYS: how long a signing link stays open. */
  linkDays: number;
  /** PUBLIC_URL: the origin links point at; without it the origin the staff member called. */
  publicUrl?: string;
  /** Present when SMTP_URL is set. */
  mailer?: Mailer;
  now?: () => Date;
}

/** Who sent a public call: their address and browser, printed on the certificate. */
export interface SignerOrigin {
  address: string;
  userAgent: string | undefined;
}

/** A signing link is used once signed. */
const signed = (link: EngagementRow) => link.signed_at !== null;

function termsOf(row: TermsRow | undefined): EngagementTerms {
  if (!row) return defaultTerms;
  return {
    feeBeforeSuit: row.fee_before_suit,
    feeAfterSuit: row.fee_after_suit,
    costsDeducted: row.costs_deducted,
    costsWhenNoRecovery: row.costs_when_no_recovery,
    documents: {
      feeAgreement: row.fee_agreement,
      medicalRecordsRelease: row.medical_records_release,
      letterOfRepresentation: row.letter_of_representation,
    },
  };
}

/** The field errors of terms a firm saves or previews; {} when they are fine. */
function termsErrors(terms: EngagementTerms): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const fee of ['feeBeforeSuit', 'feeAfterSuit'] as const) {
    if (!(feeValue(terms[fee]) > 0)) errors[fee] = 'The fee must be more than 0%';
  }
  for (const kind of documentKinds) {
    const text = terms.documents[kind];
    const unknown = unknownPlaceholders(text);
    if (text.trim() === '') errors[`documents.${kind}`] = 'The document cannot be empty';
    else if (unknown.length > 0) {
      errors[`documents.${kind}`] =
        `Unknown placeholder${unknown.length > 1 ? 's' : ''}: ${unknown.map((name) => `{{${name}}}`).join(', ')}`;
    }
  }
  return errors;
}

function firmParties(firm: Firm | undefined) {
  return {
    firmName: firm?.firm_name ?? '',
    firmAddress: firm?.firm_address ?? '',
    firmContact: firm?.firm_contact ?? '',
    firmMail: firm?.firm_mail ?? '',
  };
}

/** What an intake and its firm put into the documents' placeholders. */
function partiesOf(intake: IntakeRow, firm: Firm | undefined, documentDate: string): EngagementParties {
  const { personalInformation: person, incidentDescription: incident, defendantInformation: defendant } = parseSections(intake);
  return {
    clientName: intake.client_name,
    clientAddress: person.address,
    clientPhone: person.phoneNumber,
    clientEmail: person.email,
    clientBirthDate: person.birthDate ?? null,
    incidentDate: incident.incidentDate ?? null,
    crashLocation: [incident.crashLocation, incident.city]
      .map((part) => part.trim())
      .filter(Boolean)
      .join(', '),
    defendantName: defendant.driversName,
    defendantInsurer: defendant.insuredBy,
    claimNumber: defendant.claimNo,
    caseId: intake.case_id,
    ...firmParties(firm),
    documentDate,
  };
}

/** The drawn PNG, checked; a field error otherwise. */
function signatureMark(signature: EngagementSignature['signature']): SignatureMark {
  if (signature.kind === 'typed') {
    const name = signature.name.trim();
    if (name === '') throw validationFailed({ 'signature.name': 'Please type your name to sign' });
    return { kind: 'typed', name };
  }
  const png = Buffer.from(signature.png, 'base64');
  if (png.length > SIGNATURE_PNG_MAX_BYTES) throw validationFailed({ 'signature.png': 'The drawn signature is too large' });
  if (png.length < PNG_MAGIC.length + 25 || !png.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) {
    throw validationFailed({ 'signature.png': 'The drawn signature is not a PNG image' });
  }
  return { kind: 'drawn', png };
}

export function createEngagementService({
  db,
  pii,
  certificate: given,
  linkDays,
  publicUrl,
  mailer,
  now = () => new Date(),
}: EngagementSettings) {
  const certificateOf = () => given ?? temporarySigningCertificate();

  /**
   * Why the caller may not make a signing link now, as the link's call refuses it; undefined when
   * they may. The status answers it too, so the intake form disables 'Send for signature' with the
   * reason before anyone presses it.
   */
  async function sendRefusal(
    caller: SessionUser,
    intake: IntakeRow,
    link: EngagementRow | undefined,
  ): Promise<SendRefusalCode | undefined> {
    // Owner and administrator, or the intake's own representative.
    if (caller.privilege !== 'owner' && caller.privilege !== 'administrator' && intake.representative_id !== caller.id) return 'forbidden';
    if (link?.signed_at) return 'engagement_signed';
    if (!(await engagementAllowed(db, caller.firmId, intake.case_id))) return 'conflict_check_required';
    return undefined;
  }

  async function intakeOf(caller: SessionUser, caseId: string): Promise<IntakeRow> {
    const row = await findIntake(db, caller.firmId, caseId);
    if (!row) throw intakeNotFound();
    return row;
  }

  async function linkByToken(token: string): Promise<EngagementRow | undefined> {
    const hash = linkTokenHash(token);
    return hash === undefined ? undefined : findEngagementByHash(db, hash);
  }

  /** The documents a link shows now: the firm's current terms filled with the intake as it is now. */
  async function documentsFor(link: EngagementRow) {
    const [intake, firm, terms] = await Promise.all([
      findIntake(db, link.firm_id, link.case_id),
      findFirmById(db, link.firm_id),
      findTerms(db, link.firm_id),
    ]);
    if (!intake) throw linkNotFound();
    const documents = fillDocuments(termsOf(terms), partiesOf(intake, firm, link.created_at.slice(0, 10)));
    return { intake, firm, documents, sha256: documentsSha256(documents) };
  }

  function termsAnswer(row: TermsRow | undefined): TermsAnswer {
    const terms = termsOf(row);
    return {
      ...terms,
      samples: {
        feeAgreement: terms.documents.feeAgreement === sampleDocuments.feeAgreement,
        medicalRecordsRelease: terms.documents.medicalRecordsRelease === sampleDocuments.medicalRecordsRelease,
        letterOfRepresentation: terms.documents.letterOfRepresentation === sampleDocuments.letterOfRepresentation,
      },
      placeholders: placeholders.map((placeholder) => ({ ...placeholder })),
      updatedAt: row?.updated_at ?? null,
    };
  }

  return {
    async terms(caller: SessionUser): Promise<TermsAnswer> {
      return termsAnswer(await findTerms(db, caller.firmId));
    },

    async updateTerms(caller: SessionUser, update: EngagementTerms, clientAddress: string): Promise<TermsAnswer> {
      const errors = termsErrors(update);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const before = termsOf(await findTerms(db, caller.firmId));
      const row: TermsRow = {
        firm_id: caller.firmId,
        fee_before_suit: update.feeBeforeSuit,
        fee_after_suit: update.feeAfterSuit,
        costs_deducted: update.costsDeducted,
        costs_when_no_recovery: update.costsWhenNoRecovery,
        fee_agreement: update.documents.feeAgreement,
        medical_records_release: update.documents.medicalRecordsRelease,
        letter_of_representation: update.documents.letterOfRepresentation,
        updated_by: caller.id,
        updated_at: now().toISOString(),
      };
      await saveTerms(db, row);
      const fields = [
        ...(['feeBeforeSuit', 'feeAfterSuit', 'costsDeducted', 'costsWhenNoRecovery'] as const).filter(
          (key) => before[key] !== update[key],
        ),
        ...documentKinds.filter((kind) => before.documents[kind] !== update.documents[kind]).map((kind) => `documents.${kind}`),
      ];
      if (fields.length > 0) {
        await recordActivity(db, {
          firmId: caller.firmId,
          userId: caller.id,
          action: 'engagementTerms.changed',
          subject: null,
          fields,
          clientAddress,
        });
      }
      return termsAnswer(row);
    },

    /** Edit Firm's preview: terms not saved yet, filled with the sample client or an intake of the firm. */
    async preview(caller: SessionUser, terms: EngagementTerms, caseId: string | undefined, clientAddress: string) {
      const errors = termsErrors(terms);
      if (Object.keys(errors).length > 0) throw validationFailed(errors);
      const firm = await findFirmById(db, caller.firmId);
      const today = now().toISOString().slice(0, 10);
      let parties: EngagementParties = sampleParties(firmParties(firm), today);
      if (caseId !== undefined) {
        const intake = await intakeOf(caller, caseId);
        await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'intake.opened', subject: caseId, clientAddress });
        parties = partiesOf(intake, firm, today);
      }
      return { documents: fillDocuments(terms, parties) };
    },

    async status(caller: SessionUser, caseId: string): Promise<StatusAnswer> {
      const intake = await intakeOf(caller, caseId);
      const link = await currentEngagement(db, caller.firmId, caseId);
      const refusal = await sendRefusal(caller, intake, link);
      const at = now().toISOString();
      let state: StatusAnswer['state'] = 'notSent';
      if (link?.signed_at) state = 'signed';
      else if (link?.opened_at) state = 'opened';
      else if (link) state = 'sent';
      return {
        state,
        emailAvailable: mailer !== undefined,
        live: link !== undefined && link.revoked_at === null && link.signed_at === null && link.expires_at > at,
        createdAt: link?.created_at ?? null,
        expiresAt: link?.expires_at ?? null,
        openedAt: link?.opened_at ?? null,
        consentedAt: link?.consented_at ?? null,
        signedAt: link?.signed_at ?? null,
        signerName: link?.signer_name ?? null,
        documentId: link?.signed_at ? link.id : null,
        sendRefusal: refusal ? { code: refusal, message: sendRefusals[refusal].message } : null,
      };
    },

    /** A new signing link; the intake's older unsigned links stop working (docs/product/engagement.md#the-link). */
    async createLink(caller: SessionUser, caseId: string, delivery: LinkDelivery, origin: string, clientAddress: string) {
      const intake = await intakeOf(caller, caseId);
      const refusal = await sendRefusal(caller, intake, await currentEngagement(db, caller.firmId, caseId));
      if (refusal) throw refused(refusal);
      const email = parseSections(intake).personalInformation.email.trim();
      const deliveryRefused = deliveryRefusal(delivery, mailer !== undefined, email);
      if (deliveryRefused) throw deliveryRefused;
      const { url, hash, createdAt, expiresAt } = issueClientLink({ publicUrl, origin, page: SIGNING_PAGE, days: linkDays, now: now() });
      if (delivery === 'email' && mailer) {
        const firm = await findFirmById(db, caller.firmId);
        await mailBeforeStoring(() =>
          mailer.sendEngagementLink({
            to: email,
            url,
            expiresAt,
            firmName: firm?.firm_name ?? '',
            clientFirstName: intake.client_first_name,
          }),
        );
      }
      const stored = await replaceEngagement(
        db,
        {
          firmId: caller.firmId,
          caseId,
          tokenHash: hash,
          createdBy: caller.id,
          expiresAt,
          emailed: delivery === 'email',
        },
        createdAt.toISOString(),
      );
      if (!stored) throw engagementSigned();
      const trail = { firmId: caller.firmId, userId: caller.id, subject: caseId, clientAddress };
      await recordActivity(db, { ...trail, action: 'engagement.created' });
      if (delivery === 'email') await recordActivity(db, { ...trail, action: 'engagement.emailed', fields: ['personalInformation.email'] });
      return { url, expiresAt, emailedTo: delivery === 'email' ? email : null };
    },

    /** What the signing page shows (docs/product/engagement.md#public-calls). */
    async open(token: string, clientAddress: string) {
      const at = now().toISOString();
      const link = usableLink(await linkByToken(token), at, signed);
      const { intake, firm, documents, sha256 } = await documentsFor(link);
      if (await markEngagementOpened(db, link.id, at, sha256)) {
        await recordActivity(db, { firmId: link.firm_id, userId: null, action: 'engagement.opened', subject: link.case_id, clientAddress });
      }
      const firmName = firm?.firm_name ?? '';
      const languages = parseSections(intake).personalInformation.languages ?? [];
      return {
        firmName,
        clientName: intake.client_name,
        language: defaultClientLanguage(languages) as ClientLanguage,
        expiresAt: link.expires_at,
        consent: consentTexts(firmName),
        documents,
        documentsSha256: sha256,
      };
    },

    /** The client's one signature: the PDF built, sealed and stored, and answered to them. */
    async sign(token: string, body: EngagementSignature, origin: SignerOrigin) {
      const link = usableLink(await linkByToken(token), now().toISOString(), signed);
      const signerName = body.signerName.trim();
      if (signerName === '') throw validationFailed({ signerName: 'Please type your full name' });
      const signature = signatureMark(body.signature);
      const { firm, documents, sha256 } = await documentsFor(link);
      if (sha256 !== body.documentsSha256) {
        throw new ApiError(
          409,
          'engagement_changed',
          'The documents changed since this page opened them. Open the link again to read them.',
        );
      }
      const at = now().toISOString();
      const userAgent = origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null;
      const firmName = firm?.firm_name ?? '';
      const doc = await buildEngagementPdf({
        documentId: link.id,
        caseId: link.case_id,
        firmName,
        documents,
        documentsSha256: sha256,
        signerName,
        signerAddress: origin.address,
        signerUserAgent: userAgent ?? '',
        signature,
        language: body.language,
        events: {
          created: link.created_at,
          sent: link.emailed_at ?? link.created_at,
          opened: link.opened_at ?? at,
          consented: at,
          signed: at,
        },
        sealedBy: certificateOf().subject,
      });
      const pdf = await sealPdf(doc, certificateOf(), {
        reason: `Engagement signed by ${signerName}`,
        firmName: firmName || 'Law firm',
        contactInfo: firm?.firm_mail ?? '',
        location: firm?.firm_address ?? '',
        signingTime: new Date(at),
      });
      const sealedFile = pii.seal(pdf.toString('base64'), 'engagements.signedPdf');
      const claimed = await db.transaction().execute(async (trx) => {
        const won = await claimEngagement(trx, link.id, {
          consentedAt: at,
          signedAt: at,
          signerName,
          signerAddress: origin.address,
          signerUserAgent: userAgent,
          signatureKind: signature.kind,
          language: body.language,
          documentsSha256: sha256,
        });
        if (!won) return false;
        await trx
          .updateTable('engagements')
          .set({ opened_at: link.opened_at ?? at })
          .where('id', '=', link.id)
          .execute();
        await insertEngagementFile(trx, { engagementId: link.id, firmId: link.firm_id, pdfSealed: sealedFile });
        await recordActivity(trx, {
          firmId: link.firm_id,
          userId: null,
          action: 'engagement.signed',
          subject: link.case_id,
          clientAddress: origin.address,
        });
        return true;
      });
      if (!claimed) {
        // Another signature, a newer link or the expiry came first: the same answers as the GET.
        usableLink(await findEngagementByHash(db, link.token_hash), now().toISOString(), signed);
        throw databaseUnavailable();
      }
      return { documentId: link.id, signedAt: at, fileName: `engagement-${link.id}.pdf`, pdf: pdf.toString('base64') };
    },

    /** The signed file for staff; every download recorded. */
    async download(caller: SessionUser, caseId: string, clientAddress: string): Promise<{ fileName: string; pdf: Buffer }> {
      await intakeOf(caller, caseId);
      const link = await currentEngagement(db, caller.firmId, caseId);
      const sealed = link?.signed_at ? await findEngagementFile(db, caller.firmId, link.id) : undefined;
      if (!link || !sealed) throw notFound('The engagement is not signed yet');
      const pdf = Buffer.from(pii.open(sealed, 'engagements.signedPdf'), 'base64');
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: 'engagement.downloaded',
        subject: caseId,
        clientAddress,
      });
      return { fileName: `engagement-${link.id}.pdf`, pdf };
    },
  };
}

type SendRefusalCode = NonNullable<StatusAnswer['sendRefusal']>['code'];

/** The refusals of a signing link that no retry changes, each with its answer. */
const sendRefusals = {
  forbidden: { status: 403, message: "Only an owner, an administrator or the intake's representative can send the engagement." },
  engagement_signed: { status: 409, message: 'The client already signed the engagement. Download it from the intake.' },
  conflict_check_required: { status: 409, message: 'Clear or waive the conflict check before sending the engagement.' },
} as const satisfies Record<SendRefusalCode, { status: number; message: string }>;

function refused(code: SendRefusalCode): ApiError {
  return new ApiError(sendRefusals[code].status, code, sendRefusals[code].message);
}

function engagementSigned(): ApiError {
  return refused('engagement_signed');
}

export type EngagementService = ReturnType<typeof createEngagementService>;
