// openapi.yaml holds every call of the spec (docs/product/intake-form.md) and the calls the spec
// needs without showing them (docs/architecture.md, API), with the spec's own field names. The expected
// lists (here and in ./specFields) are copied from the spec documents, not from the yaml.
import { describe, expect, it } from 'vitest';
import {
  civilStatuses,
  genders,
  intakeStatuses,
  languages,
  leadGenders,
  phoneUsages,
  privileges,
  ssnStatuses,
  yesNo,
} from '../../src/domain/enums';
import {
  type HttpMethod,
  type SchemaObject,
  findOperation,
  listOperations,
  loadDocument,
  parametersOf,
  property,
  propertyNames,
  requestSchema,
  resolve,
  successSchema,
  typesOf,
  walkSchema,
} from './openapiDocument';
import { duplicateLeadFields, fieldsOf, intakeSections, intakeTextLimits, leadFields, userInformationFields } from './specFields';

const doc = loadDocument();

type Call = `${Uppercase<HttpMethod>} ${string}`;

function splitCall(call: Call): [HttpMethod, string] {
  const [method, path] = call.split(' ') as [string, string];
  return [method.toLowerCase() as HttpMethod, path];
}

const staffAppCalls: Call[] = [
  'POST /v1/users/login',
  'GET /v1/users',
  'POST /v1/firmUser',
  'PUT /v1/user/{id}',
  'POST /cases/v2/checkDuplicate',
  'POST /cases/v2/FromLead',
  'POST /neos/validateCredentials',
];
const intakeCalls: Call[] = ['GET /v1/intake', 'POST /v1/intake', 'PATCH /v1/intake/{caseId}', 'GET /intake-template.pdf'];
/** docs/architecture.md "API and server": needed by the screens, not shown by the spec. */
const unshownCalls: Call[] = ['GET /v1/users/me', 'GET /v1/intake/{caseId}', 'GET /v1/leads', 'GET /v1/firm', 'PUT /v1/firm'];
/** docs/architecture.md "API and server", PII and sessions: sign-out, reveals, deactivation, the activity trail. */
const trustCalls: Call[] = [
  'POST /v1/users/logout',
  // docs/product/sign-in-and-session.md, Sessions that end in the browser: 'Stay signed in'.
  'POST /v1/users/me/session/renew',
  'POST /v1/user/{id}/reveal',
  'POST /v1/user/{id}/deactivate',
  'POST /v1/user/{id}/reactivate',
  /** docs/product/people.md, Edit employee. */
  'GET /v1/users/{id}',
  'PATCH /v1/users/{id}',
  'GET /v1/activity',
  'POST /v1/intake/{caseId}/reveal',
  'GET /v1/intake/{caseId}/history',
];

/** docs/product/client-intake.md: the client's own part of an intake. */
const clientIntakeCalls: Call[] = [
  'GET /v1/intake/{caseId}/client-link',
  'POST /v1/intake/{caseId}/client-link',
  'GET /v1/intake/{caseId}/client-answers',
  'GET /public/v1/client-intake/{token}',
  'POST /public/v1/client-intake/{token}',
];

/** docs/product/sign-in-and-session.md, Second factor: authenticator codes (docs/architecture.md, Second factors). */
const secondFactorCalls: Call[] = [
  'POST /v1/users/login/second-factor',
  'POST /v1/users/login/second-factor/enrolment',
  'GET /v1/users/me/totp',
  'POST /v1/users/me/totp',
  'DELETE /v1/users/me/totp',
  'POST /v1/users/me/totp/confirm',
  'DELETE /v1/users/{id}/totp',
];

/** docs/product/engagement.md: the firm's engagement terms and the client's e-signature. */
const engagementCalls: Call[] = [
  'GET /v1/firm/engagement-terms',
  'PUT /v1/firm/engagement-terms',
  'POST /v1/firm/engagement-terms/preview',
  'GET /v1/intake/{caseId}/engagement',
  'POST /v1/intake/{caseId}/engagement',
  'GET /v1/intake/{caseId}/engagement/signed.pdf',
  'GET /public/v1/engagement/{token}',
  'POST /public/v1/engagement/{token}',
];
/** docs/product/conflicts.md: the conflict check over every party. */
const conflictCalls: Call[] = ['GET /v1/intake/{caseId}/conflicts', 'POST /v1/intake/{caseId}/conflicts/decision'];
/** docs/product/sign-in-and-session.md, Password reset. */
const passwordResetCalls: Call[] = [
  'GET /public/v1/password-reset',
  'POST /public/v1/password-reset',
  'POST /public/v1/password-reset/{token}',
  'POST /v1/users/{id}/password-reset',
];
/** docs/product/sign-in-and-session.md, Passkeys. */
const passkeyCalls: Call[] = [
  'POST /v1/users/login/passkey/options',
  'POST /v1/users/login/passkey',
  'GET /v1/users/me/passkeys',
  'POST /v1/users/me/passkeys',
  'POST /v1/users/me/passkeys/options',
  'PATCH /v1/users/me/passkeys/{passkeyId}',
  'DELETE /v1/users/me/passkeys/{passkeyId}',
];

/** docs/product/dashboard.md: the firm at a glance. */
const dashboardCalls: Call[] = ['GET /v1/dashboard'];

/** README, Running behind a load balancer: the probes. */
const operationsCalls: Call[] = ['GET /health', 'GET /ready'];

function sorted(values: readonly unknown[]): unknown[] {
  return [...values].sort((a, b) => String(a).localeCompare(String(b)));
}

function queryNames(call: Call): string[] {
  const [method, path] = splitCall(call);
  return parametersOf(doc, method, path)
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => parameter.name);
}

function dataOf(call: Call): SchemaObject {
  const [method, path] = splitCall(call);
  return property(doc, successSchema(doc, method, path), 'data');
}

describe('every call of the spec is in the contract', () => {
  const present = new Set(listOperations(doc).map(({ method, path }) => `${method.toUpperCase()} ${path}`));

  it.each([
    ...staffAppCalls,
    ...intakeCalls,
    ...unshownCalls,
    ...trustCalls,
    ...clientIntakeCalls,
    ...engagementCalls,
    ...secondFactorCalls,
    ...passwordResetCalls,
    ...passkeyCalls,
    ...dashboardCalls,
    ...conflictCalls,
    ...operationsCalls,
  ])('%s', (call) => {
    expect(present).toContain(call);
  });

  it('holds no call beyond the spec and the listed additions', () => {
    expect(sorted([...present])).toEqual(
      sorted([
        ...staffAppCalls,
        ...intakeCalls,
        ...unshownCalls,
        ...trustCalls,
        ...clientIntakeCalls,
        ...engagementCalls,
        ...secondFactorCalls,
        ...passwordResetCalls,
        ...passkeyCalls,
        ...dashboardCalls,
        ...conflictCalls,
        ...operationsCalls,
      ]),
    );
  });
});

describe('docs/product/app-shell.md field names', () => {
  it('login: body {email, password}, no token; answer data {token, expiresIn}, or a second factor owed', () => {
    expect(propertyNames(doc, requestSchema(doc, 'post', '/v1/users/login'))).toEqual(['email', 'password']);
    expect(findOperation(doc, 'post', '/v1/users/login').security).toEqual([]);
    const [grant, challenge] = (dataOf('POST /v1/users/login').oneOf ?? []).map((schema) => resolve(doc, schema));
    expect(propertyNames(doc, grant!)).toEqual(['token', 'expiresIn']);
    expect(propertyNames(doc, challenge!)).toEqual(['challenge', 'methods']);
    expect(propertyNames(doc, dataOf('POST /v1/users/login/second-factor'))).toEqual(['token', 'expiresIn', 'recoveryCodes']);
  });

  it('users list: optional query privilege and search (plus the pager), data is a list of users', () => {
    expect(queryNames('GET /v1/users')).toEqual(['privilege', 'search', 'pageSize', 'offSetValue']);
    expect(parametersOf(doc, 'get', '/v1/users').every((parameter) => parameter.required !== true)).toBe(true);
    const data = dataOf('GET /v1/users');
    expect(typesOf(data)).toEqual(['array']);
    expect(propertyNames(doc, resolve(doc, data.items!))).toEqual(
      expect.arrayContaining(['id', 'firstName', 'middleName', 'lastName', 'email', 'privilege', 'createdAt', 'userInformation']),
    );
    expect(propertyNames(doc, successSchema(doc, 'get', '/v1/users'))).toContain('totalRecords');
  });

  it('new employee: the spec body, password required; answers the user', () => {
    const body = requestSchema(doc, 'post', '/v1/firmUser');
    expect(propertyNames(doc, body)).toEqual(
      expect.arrayContaining(['firstName', 'middleName', 'lastName', 'email', 'password', 'userInformation']),
    );
    expect(body.required).toContain('password');
    expect(propertyNames(doc, property(doc, body, 'userInformation'))).toEqual(userInformationFields);
    expect(propertyNames(doc, dataOf('POST /v1/firmUser'))).toContain('userInformation');
  });

  it('profile update: the same body with an optional password', () => {
    const body = requestSchema(doc, 'put', '/v1/user/{id}');
    expect(propertyNames(doc, body)).toEqual(['firstName', 'middleName', 'lastName', 'email', 'password', 'userInformation']);
    expect(body.required).not.toContain('password');
    expect(propertyNames(doc, property(doc, body, 'userInformation'))).toEqual(userInformationFields);
    expect(parametersOf(doc, 'put', '/v1/user/{id}').map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(['path:id']);
  });

  it.each(['POST /cases/v2/checkDuplicate', 'POST /cases/v2/FromLead'] as const)(
    '%s: body {neosCasesInformation} with the lead fields',
    (call) => {
      const [method, path] = splitCall(call);
      const body = requestSchema(doc, method, path);
      expect(propertyNames(doc, body)).toEqual(['neosCasesInformation']);
      expect(sorted(propertyNames(doc, property(doc, body, 'neosCasesInformation')))).toEqual(sorted(leadFields));
    },
  );

  it('duplicate check answers isDuplicate, hasIntakeId and duplicateLeads with the duplicate entry fields', () => {
    const data = dataOf('POST /cases/v2/checkDuplicate');
    expect(propertyNames(doc, data)).toEqual(['isDuplicate', 'hasIntakeId', 'duplicateLeads']);
    expect(sorted(propertyNames(doc, resolve(doc, property(doc, data, 'duplicateLeads').items!)))).toEqual(sorted(duplicateLeadFields));
  });

  it('lead creation answers the stored lead (with id and intakeId) and its draft intake', () => {
    const data = dataOf('POST /cases/v2/FromLead');
    expect(propertyNames(doc, property(doc, data, 'lead'))).toEqual(expect.arrayContaining([...leadFields, 'id', 'intakeId', 'createdAt']));
    expect(propertyNames(doc, property(doc, data, 'intake'))).toEqual(['caseId', 'status']);
  });

  it('credentials validation: body {companyId, apiKey, integrationId}', () => {
    expect(propertyNames(doc, requestSchema(doc, 'post', '/neos/validateCredentials'))).toEqual(['companyId', 'apiKey', 'integrationId']);
  });

  it('leads list pages with pageSize, offSetValue and searchFilter', () => {
    expect(queryNames('GET /v1/leads')).toEqual(['pageSize', 'offSetValue', 'searchFilter']);
    expect(propertyNames(doc, dataOf('GET /v1/leads'))).toEqual(['record', 'totalRecords']);
  });

  it('firm: the Firm entity fields, and the API key never comes back', () => {
    const firm = dataOf('GET /v1/firm');
    expect(propertyNames(doc, firm)).toEqual(
      expect.arrayContaining(['firmName', 'firmContact', 'firmMail', 'firmAddress', 'isNeosIntegrated', 'limitationYears']),
    );
    const answeredNames: string[] = [];
    walkSchema(doc, firm, 'Firm', (schema) => answeredNames.push(...Object.keys(schema.properties ?? {})));
    expect(answeredNames).toEqual(expect.arrayContaining(['companyId', 'integrationId', 'apiKeyLastFour']));
    expect(answeredNames).not.toContain('apiKey');
    const body = requestSchema(doc, 'put', '/v1/firm');
    expect(propertyNames(doc, body)).toEqual([
      'firmName',
      'firmContact',
      'firmMail',
      'firmAddress',
      'limitationYears',
      'requireSecondFactor',
      'neosCredentials',
    ]);
    expect(propertyNames(doc, property(doc, body, 'neosCredentials'))).toEqual(['companyId', 'apiKey', 'integrationId']);
  });
});

describe('docs/product/intake-form.md field names', () => {
  it('intake list: query userId, pageSize, offSetValue, searchFilter (and the status filter); data {record, totalRecords}', () => {
    expect(queryNames('GET /v1/intake')).toEqual(['userId', 'pageSize', 'offSetValue', 'searchFilter', 'status']);
    const data = dataOf('GET /v1/intake');
    expect(propertyNames(doc, data)).toEqual(['record', 'totalRecords']);
    expect(propertyNames(doc, resolve(doc, property(doc, data, 'record').items!))).toEqual([
      'caseId',
      'clientName',
      'representativeName',
      'createdAt',
      'updatedAt',
      'status',
    ]);
  });

  it.each(['POST /v1/intake', 'PATCH /v1/intake/{caseId}'] as const)('%s: body {userId, generalCaseInformation}', (call) => {
    const [method, path] = splitCall(call);
    const body = requestSchema(doc, method, path);
    expect(propertyNames(doc, body)).toEqual(['userId', 'generalCaseInformation']);
    const intake = property(doc, body, 'generalCaseInformation');
    expect(propertyNames(doc, intake)).toEqual([
      'caseId',
      'status',
      'createdAt',
      'updatedAt',
      'representativeName',
      ...Object.keys(intakeSections),
    ]);
  });

  it('the PATCH path carries the caseId', () => {
    expect(parametersOf(doc, 'patch', '/v1/intake/{caseId}').map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual([
      'path:caseId',
    ]);
  });

  const answered = successSchema(doc, 'get', '/v1/intake/{caseId}');
  const sent = property(doc, requestSchema(doc, 'post', '/v1/intake'), 'generalCaseInformation');

  describe.each(Object.entries(intakeSections))('section %s', (sectionName, section) => {
    it('holds exactly the fields of docs/product/intake-form.md, in requests and answers', () => {
      const expected = sorted(fieldsOf(section));
      expect(sorted(propertyNames(doc, property(doc, sent, sectionName)))).toEqual(expected);
      expect(sorted(propertyNames(doc, property(doc, property(doc, answered, 'data'), sectionName)))).toEqual(expected);
    });

    it('types each field as the spec describes it', () => {
      const schema = property(doc, sent, sectionName);
      const typeOf = (field: string) => sorted(typesOf(property(doc, schema, field)));
      for (const field of section.text ?? []) expect([field, typeOf(field)]).toEqual([field, ['string']]);
      for (const field of section.answer ?? []) expect([field, typeOf(field)]).toEqual([field, ['boolean', 'null']]);
      for (const field of section.flag ?? []) expect([field, typeOf(field)]).toEqual([field, ['boolean']]);
      for (const field of section.date ?? []) expect([field, typeOf(field)]).toEqual([field, ['null', 'string']]);
      for (const field of section.choice ?? []) expect([field, typeOf(field)]).toEqual([field, ['null', 'string']]);
      for (const field of section.list ?? []) expect([field, typeOf(field)]).toEqual([field, ['array']]);
      for (const field of section.count ?? []) expect([field, typeOf(field)]).toEqual([field, ['integer']]);
      for (const [group, flags] of Object.entries(section.group ?? {})) {
        const groupSchema = property(doc, schema, group);
        expect(propertyNames(doc, groupSchema)).toEqual(flags);
        for (const flag of flags) expect([flag, typesOf(property(doc, groupSchema, flag))]).toEqual([flag, ['boolean']]);
      }
    });
  });

  it.each(intakeTextLimits)('%s.%s is limited to %i characters', (section, field, limit) => {
    expect(property(doc, property(doc, sent, section), field).maxLength).toBe(limit);
  });
});

describe('enumerations are the ones of src/domain/enums.ts', () => {
  const schemas = doc.components.schemas;
  const nullable = (values: readonly string[]) => [...values, null];
  const unanswerable = (values: readonly string[]) => [...values, '', null];
  const cases: [where: string, schema: SchemaObject, expected: readonly unknown[]][] = [
    ['Privilege', schemas.Privilege!, privileges],
    ['IntakeStatus', schemas.IntakeStatus!, intakeStatuses],
    ['UserInformation.usage', property(doc, schemas.UserInformation!, 'usage'), nullable(phoneUsages)],
    ['UserInformation.civilStatus', property(doc, schemas.UserInformation!, 'civilStatus'), nullable(civilStatuses)],
    ['UserInformation.gender', property(doc, schemas.UserInformation!, 'gender'), nullable(genders)],
    ['UserInformation.ssnStatus', property(doc, schemas.UserInformation!, 'ssnStatus'), nullable(ssnStatuses)],
    ['LeadInput.gender', property(doc, schemas.LeadInput!, 'gender'), leadGenders],
    ['LeadInput.minor', property(doc, schemas.LeadInput!, 'minor'), yesNo],
    ['Lead.gender', property(doc, schemas.Lead!, 'gender'), leadGenders],
    ['Lead.minor', property(doc, schemas.Lead!, 'minor'), yesNo],
    ['LeadRow.intakeStatus', property(doc, schemas.LeadRow!, 'intakeStatus'), nullable(intakeStatuses)],
    ['PersonalInformation.languages', resolve(doc, property(doc, schemas.PersonalInformation!, 'languages').items!), languages],
    ['PersonalInformation.phoneUsages', resolve(doc, property(doc, schemas.PersonalInformation!, 'phoneUsages').items!), phoneUsages],
    // An intake's choice may also arrive as an empty text, taken as unanswered.
    ['PersonalInformation.gender', property(doc, schemas.PersonalInformation!, 'gender'), unanswerable(genders)],
    ['PersonalInformation.civilStatus', property(doc, schemas.PersonalInformation!, 'civilStatus'), unanswerable(civilStatuses)],
    ['PersonalInformation.status', property(doc, schemas.PersonalInformation!, 'status'), unanswerable(ssnStatuses)],
  ];

  it.each(cases)('%s', (_where, schema, expected) => {
    expect(schema.enum).toEqual([...expected]);
  });
});
