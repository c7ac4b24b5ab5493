// Lead registration and the leads list (docs/product/leads.md Lead, docs/product/leads.md "Lead registration", docs/product/leads.md;
// docs/architecture.md, Leads). Rows become the API's Lead, DuplicateLead and LeadRow (openapi.yaml) here.
import { leadTexts } from '../../src/domain/texts';
import type { Kysely } from 'kysely';
import { toCalendarIso, toIsoTimestamp, todayIso } from '../../src/domain/dates';
import { isIdenticalLead } from '../../src/domain/leadMatching';
import { leadSchema } from '../../src/domain/schemas/lead';
import { validateFields } from '../../src/domain/schemas/shared';
import type { SessionUser } from '../../src/domain/session';
import type { Database } from '../db/database';
import type { PageQuery, Schemas } from '../http/contractTypes';
import { ApiError, validationFailed } from '../http/errors';
import { recordActivity } from '../activity/recordActivity';
import { insertIntake } from '../intakes/repository';
import { intakeSectionsFromLead } from './intakeFromLead';
import {
  findLeadsWithSameNameAndBirth,
  findSimilarLeads,
  hasSimilarLeadWithoutIntake,
  insertLead,
  isIdenticalLeadViolation,
  listLeads,
  matchableOf,
  matchKeysOf,
  type LeadListRow,
  type LeadRow,
  type LeadValues,
} from './repository';

export type LeadInput = Schemas['LeadInput'];
export type Lead = Schemas['Lead'];
export type DuplicateLead = Schemas['DuplicateLead'];
export type DuplicateCheck = Schemas['DuplicateCheck'];
export type CreatedLead = Schemas['CreatedLead'];
export type LeadListItem = Schemas['LeadRow'];
export type LeadPage = Schemas['LeadPage'];
export type LeadPageRequest = PageQuery<'listLeads'>;

/** The dialog lists them in a box of about 15rem (docs/product/leads.md): a screenful is enough. */
export const MAX_DUPLICATES_LISTED = 20;

/** docs/product/leads.md: 'Cannot register duplicate lead'. */
export function duplicateLead(): ApiError {
  return new ApiError(409, 'duplicate_lead', leadTexts.duplicateRefused);
}

const FIELD_PREFIX = 'neosCasesInformation.';

function blankToNull(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The lead form's rules (docs/product/leads.md), then the values as they are stored. */
function validLead(input: LeadInput): LeadValues {
  const fields = validateFields(leadSchema, input, { today: todayIso() });
  if (Object.keys(fields).length > 0) {
    throw validationFailed(Object.fromEntries(Object.entries(fields).map(([path, message]) => [`${FIELD_PREFIX}${path}`, message])));
  }
  return {
    first_name: input.firstName.trim(),
    middle_name: blankToNull(input.middleName),
    last_name: input.lastName.trim(),
    // The schema accepted it, so it holds a calendar date.
    birth_date: toCalendarIso(input.birthDate) as string,
    address: input.address.trim(),
    city: input.city.trim(),
    county: input.county.trim(),
    state: input.state.trim(),
    country: input.country.trim(),
    zip_code: input.zipCode.trim(),
    email: blankToNull(input.email),
    gender: input.gender,
    phone: input.phone.trim(),
    minor: input.minor,
  };
}

export function toLead(row: LeadRow): Lead {
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    birthDate: toIsoTimestamp(row.birth_date),
    address: row.address,
    city: row.city,
    county: row.county,
    state: row.state,
    country: row.country,
    zipCode: row.zip_code,
    email: row.email,
    gender: row.gender,
    phone: row.phone,
    minor: row.minor,
    intakeId: row.intake_id,
    createdAt: row.created_at,
  };
}

function toDuplicateLead(row: LeadRow): DuplicateLead {
  return {
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    birthDate: toIsoTimestamp(row.birth_date),
    address: row.address,
    city: row.city,
    state: row.state,
    intakeId: row.intake_id,
  };
}

function toLeadListItem(row: LeadListRow): LeadListItem {
  return {
    id: row.id,
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    phone: row.phone,
    email: row.email,
    birthDate: toIsoTimestamp(row.birth_date),
    createdAt: row.created_at,
    intakeId: row.intake_id,
    intakeStatus: row.intake_status,
  };
}

function representativeName(caller: SessionUser): string {
  return [caller.firstName, caller.middleName, caller.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
}

export function createLeadsService({ db }: { db: Kysely<Database> }) {
  /** 409 when the firm already has this very lead: neither call may register an exact copy. */
  async function refuseIdentical(executor: Kysely<Database>, firmId: string, lead: LeadValues): Promise<void> {
    const candidates = await findLeadsWithSameNameAndBirth(executor, firmId, matchKeysOf(lead));
    const incoming = matchableOf(lead);
    if (candidates.some((row) => isIdenticalLead(matchableOf(row), incoming))) throw duplicateLead();
  }

  return {
    async checkDuplicate(caller: SessionUser, input: LeadInput): Promise<DuplicateCheck> {
      const lead = validLead(input);
      await refuseIdentical(db, caller.firmId, lead);
      const keys = matchKeysOf(lead);
      const similar = await findSimilarLeads(db, caller.firmId, keys, MAX_DUPLICATES_LISTED);
      const isDuplicate = similar.length > 0;
      return {
        isDuplicate,
        // Every resembling lead has an intake (openapi.yaml DuplicateCheck): one without an intake
        // makes the client refuse the registration instead of offering the dialog (docs/product/leads.md).
        hasIntakeId: isDuplicate && !(await hasSimilarLeadWithoutIntake(db, caller.firmId, keys)),
        duplicateLeads: similar.map(toDuplicateLead),
      };
    },

    async createFromLead(caller: SessionUser, input: LeadInput, clientAddress: string): Promise<CreatedLead> {
      const lead = validLead(input);
      // One transaction: a lead never exists without its intake, nor an intake without its lead.
      // Two identical registrations at once both pass refuseIdentical; the unique index lets one
      // commit and the other rolls back whole, its draft intake with it, and answers 409.
      return db
        .transaction()
        .execute(async (trx) => {
          await refuseIdentical(trx, caller.firmId, lead);
          const intake = await insertIntake(trx, {
            firmId: caller.firmId,
            status: 'draft',
            representativeId: caller.id,
            representativeName: representativeName(caller),
            sections: intakeSectionsFromLead(lead),
          });
          const row = await insertLead(trx, { firmId: caller.firmId, createdBy: caller.id, values: lead, intakeId: intake.case_id });
          // The lead's intake is an intake created like any other (docs/product/activity.md).
          await recordActivity(trx, {
            firmId: caller.firmId,
            userId: caller.id,
            action: 'intake.created',
            subject: intake.case_id,
            clientAddress,
          });
          return { lead: toLead(row), intake: { caseId: intake.case_id, status: intake.status } };
        })
        .catch((error: unknown) => {
          if (isIdenticalLeadViolation(error)) throw duplicateLead();
          throw error;
        });
    },

    async list(caller: SessionUser, request: LeadPageRequest): Promise<LeadPage> {
      const { rows, total } = await listLeads(db, {
        firmId: caller.firmId,
        search: request.searchFilter ?? '',
        limit: request.pageSize,
        offset: request.offSetValue,
      });
      return { record: rows.map(toLeadListItem), totalRecords: total };
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
