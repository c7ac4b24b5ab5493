// The client's own part of an intake (docs/product/client-intake.md): staff make a link for a
// draft, the client opens it without signing in and submits their answers once; the answers land
// in the draft with their origin kept. Every step goes into the activity trail.
import type { Kysely } from 'kysely';
import {
  clientPart,
  defaultClientLanguage,
  fromApiIntake,
  intakeMessages,
  mergeClientAnswers,
  sectionKeys,
  toApiIntake,
  validateClientAnswers,
  type LooseApiIntake,
} from '../../src/domain/intake';
import type { SessionUser } from '../../src/domain/session';
import { recordActivity } from '../activity/recordActivity';
import type { Database } from '../db/database';
import { findFirmById } from '../firms/repository';
import { databaseUnavailable } from '../http/errors';
import { deliveryRefusal, issueClientLink, linkNotFound, linkTokenHash, mailBeforeStoring, usableLink } from '../links/oneUseLink';
import { findIntake, parseSections, updateDraftIntake, type IntakeSections } from '../intakes/repository';
import { intakeFinal, intakeNotFound, invalidDates, rejected, toGeneralCaseInformation } from '../intakes/service';
import {
  claimClientLink,
  clientAnswersOf,
  findClientLinkByHash,
  insertClientAttestation,
  latestClientLink,
  markClientLinkOpened,
  replaceClientAnswers,
  replaceClientLink,
  type ClientLinkRow,
  type StoredClientAnswer,
} from './repository';
import type { Schemas } from '../http/contractTypes';
import type { Mailer } from './mailer';

export const DEFAULT_CLIENT_LINK_DAYS = 7;
/** Where the client's page lives (src/client/, its own bundle). */
export const CLIENT_INTAKE_PAGE = '/client-intake/';

export type LinkDelivery = NonNullable<Schemas['ClientLinkRequest']['delivery']>;
export type ClientIntakeSubmission = Schemas['ClientIntakeSubmission'];

export interface ClientIntakeSettings {
  db: Kysely<Database>;
  /** CLIENT_LINK_DAYS: how long a link stays open. */
  linkDays: number;
  /** PUBLIC_URL: the origin links point at; without it the origin the staff member called. */
  publicUrl?: string;
  /** Present when SMTP_URL is set. */
  mailer?: Mailer;
  now?: () => Date;
}

/** One answer for unknown, expired and replaced tokens alike, so tokens cannot be probed. */

/** The draft changed between reading and writing it; the submit starts over on the newer one. */
class DraftMovedOn extends Error {}

function isLive(link: ClientLinkRow, now: string): boolean {
  return link.revoked_at === null && link.submitted_at === null && link.expires_at > now;
}

/** A client link is used once its answers are sent. */
const submitted = (link: ClientLinkRow) => link.submitted_at !== null;

const FULL_NAME_MISSING = 'Please type your full name';

/** Longer user agents are cut: the header is the caller's to fill. */
const USER_AGENT_MAX = 500;

/** Who sent a public call: their address and browser, kept with the client's attestation. */
export interface ClientOrigin {
  address: string;
  userAgent: string | undefined;
}

function sectionsOf(intake: ReturnType<typeof fromApiIntake>): IntakeSections {
  const api = toApiIntake(intake);
  return Object.fromEntries(sectionKeys.map((key) => [key, api[key]])) as IntakeSections;
}

/** The fields of a submission that can only be read as dates, counted as the client's errors. */
function clientErrors(answers: LooseApiIntake, today: Date) {
  const dates = invalidDates(answers);
  if (Object.keys(dates).length > 0) throw rejected(dates, `Invalid request: ${intakeMessages.invalidDate}`);
  const form = fromApiIntake(answers);
  const errors = validateClientAnswers(form, today);
  const [first] = Object.values(errors);
  if (first !== undefined) throw rejected(errors, `Invalid request: ${first}`);
  return clientPart(form);
}

export function createClientIntakeService({ db, linkDays, publicUrl, mailer, now = () => new Date() }: ClientIntakeSettings) {
  async function draftOf(caller: SessionUser, caseId: string) {
    const row = await findIntake(db, caller.firmId, caseId);
    if (!row) throw intakeNotFound();
    return row;
  }

  async function linkByToken(token: string) {
    const hash = linkTokenHash(token);
    return hash === undefined ? undefined : findClientLinkByHash(db, hash);
  }

  return {
    emailAvailable: mailer !== undefined,

    async status(caller: SessionUser, caseId: string) {
      await draftOf(caller, caseId);
      const link = await latestClientLink(db, caller.firmId, caseId);
      const at = now().toISOString();
      return {
        emailAvailable: mailer !== undefined,
        link: link
          ? {
              createdAt: link.created_at,
              expiresAt: link.expires_at,
              openedAt: link.opened_at,
              submittedAt: link.submitted_at,
              live: isLive(link, at),
            }
          : null,
      };
    },

    /** A new link for a draft; older open links of the intake stop working (docs/product/client-intake.md#the-link). */
    async createLink(caller: SessionUser, caseId: string, delivery: LinkDelivery, origin: string, clientAddress: string) {
      const row = await draftOf(caller, caseId);
      if (row.status === 'final') throw intakeFinal();
      const email = parseSections(row).personalInformation.email.trim();
      const refusal = deliveryRefusal(delivery, mailer !== undefined, email);
      if (refusal) throw refusal;
      const { url, hash, createdAt, expiresAt } = issueClientLink({
        publicUrl,
        origin,
        page: CLIENT_INTAKE_PAGE,
        days: linkDays,
        now: now(),
      });
      if (delivery === 'email' && mailer) {
        const firm = await findFirmById(db, caller.firmId);
        await mailBeforeStoring(() =>
          mailer.sendClientLink({ to: email, url, expiresAt, firmName: firm?.firm_name ?? '', clientFirstName: row.client_first_name }),
        );
      }
      await replaceClientLink(
        db,
        { firmId: caller.firmId, caseId, tokenHash: hash, createdBy: caller.id, expiresAt },
        createdAt.toISOString(),
      );
      const trail = { firmId: caller.firmId, userId: caller.id, subject: caseId, clientAddress };
      await recordActivity(db, { ...trail, action: 'clientLink.created' });
      if (delivery === 'email') await recordActivity(db, { ...trail, action: 'clientLink.emailed', fields: ['personalInformation.email'] });
      return { url, expiresAt, emailedTo: delivery === 'email' ? email : null };
    },

    async answers(caller: SessionUser, caseId: string) {
      await draftOf(caller, caseId);
      return clientAnswersOf(db, caller.firmId, caseId);
    },

    /** What the client's page needs; nothing staff typed except the first name (docs/product/client-intake.md#privacy). */
    async open(token: string, clientAddress: string) {
      const at = now().toISOString();
      const link = usableLink(await linkByToken(token), at, submitted);
      const intake = await findIntake(db, link.firm_id, link.case_id);
      if (!intake || intake.status === 'final') throw linkNotFound();
      if (await markClientLinkOpened(db, link.id, at)) {
        await recordActivity(db, { firmId: link.firm_id, userId: null, action: 'clientLink.opened', subject: link.case_id, clientAddress });
      }
      const firm = await findFirmById(db, link.firm_id);
      const languages = parseSections(intake).personalInformation.languages ?? [];
      return {
        firstName: intake.client_first_name,
        firmName: firm?.firm_name ?? '',
        // None named: the page opens in the phone's language (docs/product/client-intake.md#languages).
        language: languages.length === 0 ? null : defaultClientLanguage(languages),
        expiresAt: link.expires_at,
      };
    },

    /** The client's one submit (docs/product/client-intake.md#staff-review). */
    async submit(token: string, submission: ClientIntakeSubmission, origin: ClientOrigin): Promise<{ fields: number }> {
      const clientAddress = origin.address;
      const link = usableLink(await linkByToken(token), now().toISOString(), submitted);
      const client = clientErrors(submission.answers, now());
      // The typed name is the client's signature: spaces alone sign nothing.
      if (submission.fullName.trim() === '') throw rejected({ fullName: FULL_NAME_MISSING }, `Invalid request: ${FULL_NAME_MISSING}`);
      // A staff save between reading the draft and writing it makes the write miss (its version
      // moved on): read again and lay the answers over the newer draft.
      for (let attempt = 0; attempt < 5; attempt++) {
        const outcome = await db
          .transaction()
          .execute(async (trx) => {
            const at = now().toISOString();
            const stored = await findIntake(trx, link.firm_id, link.case_id);
            if (!stored || stored.status === 'final') throw linkNotFound();
            if (!(await claimClientLink(trx, link.id, at))) {
              usableLink(await findClientLinkByHash(trx, link.token_hash), at, submitted);
              throw linkNotFound();
            }
            const staff = fromApiIntake(toGeneralCaseInformation(stored, ''));
            const { intake, answers } = mergeClientAnswers(staff, client);
            const sections = sectionsOf(intake);
            const row = await updateDraftIntake(
              trx,
              {
                firmId: link.firm_id,
                caseId: link.case_id,
                expectedUpdatedAt: stored.updated_at,
                status: 'draft',
                sections,
                // The client never sees or sends the SSN/ITIN: the sealed value stays as it was.
                ssnItinSealed: stored.ssn_itin_sealed,
                representativeName: stored.representative_name,
              },
              new Date(at),
            );
            // Thrown, not returned: the claim of the link must roll back with the missed write.
            if (!row) throw new DraftMovedOn();
            const stored_: StoredClientAnswer[] = answers;
            await replaceClientAnswers(trx, { firmId: link.firm_id, caseId: link.case_id }, stored_, at);
            const activityId = await recordActivity(trx, {
              firmId: link.firm_id,
              userId: null,
              action: 'clientLink.submitted',
              subject: link.case_id,
              fields: answers.map((answer) => answer.path),
              clientAddress,
            });
            // The contract let the submit through only with a full name and the consent ticked.
            await insertClientAttestation(trx, {
              link_id: link.id,
              activity_id: activityId,
              firm_id: link.firm_id,
              case_id: link.case_id,
              full_name: submission.fullName.trim(),
              consented_at: at,
              client_address: clientAddress,
              user_agent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
            });
            return { fields: answers.length };
          })
          .catch((error: unknown) => {
            if (error instanceof DraftMovedOn) return undefined;
            throw error;
          });
        if (outcome) return outcome;
      }
      throw databaseUnavailable();
    },
  };
}

export type ClientIntakeService = ReturnType<typeof createClientIntakeService>;
