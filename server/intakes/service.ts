// Intakes on the server (docs/product/intake-form.md; docs/architecture.md, Intakes and Tenancy): the same rules as
// the form (src/domain/intake), the caller's firm from the token, final intakes read-only, and
// updates that must start from the stored version. Rows become openapi.yaml's
// GeneralCaseInformation and IntakeRow here.
import { intakeTexts } from '../../src/domain/texts';
import type { Kysely } from 'kysely';
import { parseCalendarDate, todayIso } from '../../src/domain/dates';
import {
  calendarDatePaths,
  intakeMessages,
  normaliseSentSections,
  validateSentDraft,
  validateSentFinal,
  type FieldErrors,
  type LooseApiIntake,
} from '../../src/domain/intake';
import type { SessionUser } from '../../src/domain/session';
import { changedFieldPaths } from '../activity/changedFields';
import { recordActivity } from '../activity/recordActivity';
import { openOptional, sealOptional, type PiiCipher } from '../crypto/piiCipher';
import { isMaskedSsn, maskSsn } from '../../src/domain/ssnMask';
import type { ActivityAction } from '../activity/actions';
import type { Database } from '../db/database';
import { forbidden } from '../auth/plugin';
import type { PageQuery, RequestBody, Schemas } from '../http/contractTypes';
import { ApiError, notFound } from '../http/errors';
import {
  findIntake,
  insertIntake,
  listIntakes,
  parseSections,
  updateDraftIntake,
  type IntakeListRow,
  type IntakeRow,
  type IntakeSections,
} from './repository';
import { parseSearch } from './search';

/** generalCaseInformation of POST and PATCH, as openapi.yaml lets it through. */
export type IntakeInput = RequestBody<'createIntake'>['generalCaseInformation'] | RequestBody<'updateIntake'>['generalCaseInformation'];
/** A stored intake as the server answers it. */
export type StoredIntake = Schemas['GeneralCaseInformation'];
export type IntakeListItem = Schemas['IntakeRow'];
export type IntakePage = Schemas['IntakePage'];
export type IntakePageRequest = PageQuery<'listIntakes'>;

export function intakeFinal(): ApiError {
  return new ApiError(409, 'intake_final', intakeTexts.finalRefused);
}

export function intakeStale(): ApiError {
  return new ApiError(409, 'intake_stale', intakeTexts.staleRefused);
}

export function intakeNotFound(): ApiError {
  return notFound('Intake not found');
}

/** Why the full SSN/ITIN is asked for (RevealRequest of openapi.yaml), and how that is recorded. */
export type RevealPurpose = NonNullable<Schemas['RevealRequest']['purpose']>;
const revealActions: Record<RevealPurpose, ActivityAction> = {
  show: 'ssn.revealed',
  pdfPreview: 'pdf.previewed',
  pdfDownload: 'pdf.downloaded',
};

/** The stored sections with the SSN/ITIN put back from its sealed column (empty for none). */
function sectionsWithSsn(row: IntakeRow, ssnItin: string): IntakeSections {
  const sections = parseSections(row);
  return { ...sections, personalInformation: { ...sections.personalInformation, ssnItin } };
}

/**
 * The GeneralCaseInformation of openapi.yaml: the stored sections with the row's own columns and
 * `ssnItin` as given (the service passes the masked form: docs/product/intake-form.md).
 */
export function toGeneralCaseInformation(row: IntakeRow, ssnItin: string): StoredIntake {
  return {
    caseId: row.case_id,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    representativeName: row.representative_name,
    ...sectionsWithSsn(row, ssnItin),
  };
}

function toListItem(row: IntakeListRow): IntakeListItem {
  return {
    caseId: row.case_id,
    clientName: row.client_name,
    representativeName: row.representative_name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    status: row.status,
  };
}

function fullName(caller: SessionUser): string {
  return [caller.firstName, caller.middleName, caller.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

/** The userId the spec's client sends (docs/product/intake-form.md) must be the caller's own (openapi.yaml). */
function ensureOwnUserId(caller: SessionUser, userId: string | undefined): void {
  if (userId !== undefined && userId !== caller.id) throw forbidden();
}

/**
 * The latest calendar date anywhere (UTC+14): a birth date of "today" where the user sits is
 * never in the future for the server, whichever time zone it runs in.
 */
function latestToday(now: Date = new Date()): string {
  const shifted = new Date(now.getTime() + 14 * 60 * 60 * 1000);
  return todayIso(new Date(shifted.getUTCFullYear(), shifted.getUTCMonth(), shifted.getUTCDate()));
}

function readPath(value: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined), value);
}

/** Dates the contract's pattern lets through but the calendar lacks ('2023-02-30'). */
export function invalidDates(input: LooseApiIntake): FieldErrors {
  const errors: FieldErrors = {};
  for (const path of calendarDatePaths) {
    const value = readPath(input, path);
    if (typeof value === 'string' && value.trim() !== '' && !parseCalendarDate(value)) errors[path] = intakeMessages.invalidDate;
  }
  return errors;
}

export function rejected(errors: FieldErrors, message: string): ApiError {
  return new ApiError(400, 'validation_failed', message, errors);
}

/**
 * The form's rules on the submitted intake (docs/product/intake-form.md): a draft needs first and last name, a
 * final intake every validated tab; texts stay within their limits either way. The sections are
 * checked in the shape they came in, and returned as the form would send them ('n/a' middle name
 * emptied, counts whole, dates ISO): normalised, never converted to the form's shape and back.
 */
export function validIntakeSections(input: IntakeInput, now: Date = new Date()): IntakeSections {
  const dates = invalidDates(input);
  if (Object.keys(dates).length > 0) throw rejected(dates, `Invalid request: ${intakeMessages.invalidDate}`);
  const sections = normaliseSentSections(input);
  const draft = validateSentDraft(sections);
  const errors = draft.ok ? {} : { ...draft.errors };
  if (input.status === 'final') {
    const final = validateSentFinal(sections, latestToday(now));
    if (!final.ok) {
      Object.assign(errors, final.errors);
      throw rejected(errors, intakeTexts.requiredFields(final.firstFailingTab.name));
    }
  }
  const [first] = Object.values(errors);
  if (first !== undefined) throw rejected(errors, `Invalid request: ${first}`);
  return sections;
}

/** The version an update started from, in the stored form (ISO, milliseconds, Z). */
function storedForm(updatedAt: string | null | undefined): string | undefined {
  if (!updatedAt) return undefined;
  const time = Date.parse(updatedAt);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

export function createIntakesService({ db, pii }: { db: Kysely<Database>; pii: PiiCipher }) {
  const storedSsnOf = (row: IntakeRow): string => openOptional(pii, row.ssn_itin_sealed, 'intakes.ssnItin') ?? '';
  /** Every answer masks the SSN/ITIN to its last four digits (docs/product/intake-form.md). */
  const answer = (row: IntakeRow): StoredIntake => toGeneralCaseInformation(row, maskSsn(storedSsnOf(row)));
  const sealedSsnOf = (sections: IntakeSections) => sealOptional(pii, sections.personalInformation.ssnItin, 'intakes.ssnItin');

  return {
    async list(caller: SessionUser, request: IntakePageRequest): Promise<IntakePage> {
      ensureOwnUserId(caller, request.userId);
      const { rows, total } = await listIntakes(db, {
        firmId: caller.firmId,
        status: request.status,
        search: parseSearch(request.searchFilter),
        limit: request.pageSize,
        offset: request.offSetValue,
      });
      return { record: rows.map(toListItem), totalRecords: total };
    },

    /** Opening an intake is recorded (docs/product/activity.md): it shows the client's details. */
    async get(caller: SessionUser, caseId: string, clientAddress: string): Promise<StoredIntake> {
      const row = await findIntake(db, caller.firmId, caseId);
      if (!row) throw intakeNotFound();
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'intake.opened', subject: caseId, clientAddress });
      return answer(row);
    },

    async create(caller: SessionUser, userId: string, input: IntakeInput, clientAddress: string): Promise<StoredIntake> {
      ensureOwnUserId(caller, userId);
      const sections = validIntakeSections(keepingMaskedSsn(input, ''));
      const row = await insertIntake(db, {
        firmId: caller.firmId,
        status: input.status,
        representativeId: caller.id,
        representativeName: fullName(caller),
        sections,
        ssnItinSealed: sealedSsnOf(sections),
      });
      await recordActivity(db, { firmId: caller.firmId, userId: caller.id, action: 'intake.created', subject: row.case_id, clientAddress });
      return answer(row);
    },

    async update(caller: SessionUser, caseId: string, userId: string, input: IntakeInput, clientAddress: string): Promise<StoredIntake> {
      ensureOwnUserId(caller, userId);
      // Another firm's intake is not found before its body is looked at (docs/architecture.md, Tenancy).
      const stored = await findIntake(db, caller.firmId, caseId);
      if (!stored) throw intakeNotFound();
      if (stored.status === 'final') throw intakeFinal();
      const storedSsn = storedSsnOf(stored);
      const sections = validIntakeSections(keepingMaskedSsn(input, storedSsn));
      const expectedUpdatedAt = storedForm(input.updatedAt);
      if (expectedUpdatedAt === undefined) throw intakeStale();
      const row = await updateDraftIntake(db, {
        firmId: caller.firmId,
        caseId,
        expectedUpdatedAt,
        status: input.status,
        sections,
        ssnItinSealed: sealedSsnOf(sections),
        representativeName: stored.representative_name,
      });
      if (row) {
        // The paths changed against what was stored, never the values (docs/product/activity.md).
        await recordActivity(db, {
          firmId: caller.firmId,
          userId: caller.id,
          action: input.status === 'final' ? 'intake.submittedFinal' : 'intake.draftSaved',
          subject: caseId,
          fields: changedFieldPaths(sectionsWithSsn(stored, storedSsn), sections),
          clientAddress,
        });
        return answer(row);
      }
      // Nothing changed: the row went away, became final, or moved on since it was read.
      const now = await findIntake(db, caller.firmId, caseId);
      if (!now) throw intakeNotFound();
      if (now.status === 'final') throw intakeFinal();
      throw intakeStale();
    },

    /**
     * The SSN/ITIN in full, for whoever may open the intake; recorded with its purpose
     * (docs/product/activity.md), also when the intake has none (a PDF was still made).
     */
    async reveal(caller: SessionUser, caseId: string, purpose: RevealPurpose, clientAddress: string): Promise<{ ssnItin: string | null }> {
      const row = await findIntake(db, caller.firmId, caseId);
      if (!row) throw intakeNotFound();
      const ssnItin = storedSsnOf(row);
      await recordActivity(db, {
        firmId: caller.firmId,
        userId: caller.id,
        action: revealActions[purpose],
        subject: caseId,
        fields: ssnItin ? ['personalInformation.ssnItin'] : [],
        clientAddress,
      });
      return { ssnItin: ssnItin || null };
    },
  };
}

/**
 * A save that sends back the mask of the stored number keeps the number (docs/product/intake-form.md):
 * the form shows the mask and returns it untouched. Anything else is checked by the form's rules.
 */
function keepingMaskedSsn(input: IntakeInput, storedSsn: string): IntakeInput {
  const sent = input.personalInformation?.ssnItin;
  if (storedSsn && sent === maskSsn(storedSsn)) {
    return { ...input, personalInformation: { ...input.personalInformation, ssnItin: storedSsn } };
  }
  // Any other mask is no number (a draft would otherwise store it as typed).
  if (isMaskedSsn(sent))
    throw rejected({ 'personalInformation.ssnItin': intakeMessages.ssnFormat }, `Invalid request: ${intakeMessages.ssnFormat}`);
  return input;
}

export type IntakesService = ReturnType<typeof createIntakesService>;
