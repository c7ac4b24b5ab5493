// Building and sending intakes in API tests: made-up clients built from the blank form
// (emptyIntake) or the fully valid fixture, sent as the form sends them (toApiIntake).
import { emptyIntake, toApiIntake, type GeneralCaseInformation, type PersonalInformation } from '../../../src/domain/intake';
import type { IntakeStatus } from '../../../src/domain/enums';
import { bearer, type TestServer, type TestUser } from './testServer';

/** A draft of the blank form with the client's details filled in. */
export function draftIntake(person: Partial<PersonalInformation> = {}, status: IntakeStatus = 'draft'): GeneralCaseInformation {
  const blank = emptyIntake();
  return { ...blank, status, personalInformation: { ...blank.personalInformation, firstName: 'Dana', lastName: 'Sample', ...person } };
}

export interface Caller {
  user: TestUser;
  token: string;
}

export function createIntake(server: TestServer, caller: Caller, intake: GeneralCaseInformation) {
  return server.api.POST('/v1/intake', {
    body: { userId: caller.user.id, generalCaseInformation: toApiIntake(intake) },
    headers: bearer(caller.token),
  });
}

/** Creates the intake and returns what the server stored, failing the test on any error. */
export async function createdIntake(server: TestServer, caller: Caller, intake: GeneralCaseInformation) {
  const { data, error, response } = await createIntake(server, caller, intake);
  if (!data) throw new Error(`POST /v1/intake answered ${response.status}: ${JSON.stringify(error)}`);
  return data.data;
}

/** PATCH as the form sends it: the whole intake, `updatedAt` being the version it started from. */
export function updateIntake(server: TestServer, caller: Caller, caseId: string, intake: GeneralCaseInformation, updatedAt: string) {
  return server.api.PATCH('/v1/intake/{caseId}', {
    params: { path: { caseId } },
    body: { userId: caller.user.id, generalCaseInformation: { ...toApiIntake(intake), caseId, updatedAt } },
    headers: bearer(caller.token),
  });
}

export interface ListQuery {
  userId?: string;
  pageSize?: number;
  offSetValue?: number;
  searchFilter?: string;
  status?: IntakeStatus;
}

export function listIntakes(server: TestServer, caller: Caller, query: ListQuery = {}) {
  return server.api.GET('/v1/intake', { params: { query }, headers: bearer(caller.token) });
}

/** The list's page, failing the test on any error. */
export async function intakePage(server: TestServer, caller: Caller, query: ListQuery = {}) {
  const { data, error, response } = await listIntakes(server, caller, query);
  if (!data) throw new Error(`GET /v1/intake answered ${response.status}: ${JSON.stringify(error)}`);
  return data.data;
}

export function getIntake(server: TestServer, caller: Caller, caseId: string) {
  return server.api.GET('/v1/intake/{caseId}', { params: { path: { caseId } }, headers: bearer(caller.token) });
}
