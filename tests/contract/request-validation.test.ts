// What a client gets accepted or refused, judged by the server's own request validators
// (requestValidators.ts: Ajv 2020 with query and path coerced from text, as server/http/openapi.ts
// configures it): unknown fields (docs/architecture.md, API), the spec's text limits
// (docs/product/intake-form.md), its enumerations, and the `id` / `generalCaseInformationId` that
// docs/product/intake-form.md has the client remove.
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ValidatorKey, type Validators, compileRequestSchemas, requestSchemas, verdictOf } from './requestValidators';
import { blankIntakeSections } from './specFields';

let validators: Validators;

function verdict(key: ValidatorKey, value: unknown): string[] {
  return verdictOf(validators, key, value);
}

const userInformation = {
  phoneNumber: '555-0100',
  usage: 'call',
  civilStatus: 'single',
  gender: 'male',
  birthDate: '1990-04-01',
  ssn: '123-45-6789',
  ssnStatus: 'hasSsn',
  itin: null,
};

const lead = {
  firstName: 'Ada',
  middleName: '',
  lastName: 'Testperson',
  birthDate: '1990-04-01T00:00:00.000Z',
  address: '1 Example Street',
  city: 'Springfield',
  county: 'Example County',
  state: 'TX',
  country: 'USA',
  zipCode: '75001',
  email: 'ada@example.test',
  gender: 'Female',
  phone: '555-0101',
  minor: 'No',
};

function draftIntake(): Record<string, unknown> {
  const sections = blankIntakeSections();
  Object.assign(sections.personalInformation!, { firstName: 'Ada', lastName: 'Testperson' });
  return { status: 'draft', ...sections };
}

beforeAll(async () => {
  validators = await compileRequestSchemas();
});

describe('every request schema compiles', () => {
  it('compiled a body validator for each call with a body', () => {
    expect([...validators.keys()].filter((key) => key.endsWith(' body')).sort()).toEqual(
      [
        'POST /v1/users/login body',
        'POST /v1/users/login/second-factor body',
        'POST /v1/users/login/second-factor/enrolment body',
        'POST /v1/users/me/totp/confirm body',
        'DELETE /v1/users/me/totp body',
        'POST /v1/users/login/passkey/options body',
        'POST /v1/users/login/passkey body',
        'POST /v1/users/me/passkeys body',
        'PATCH /v1/users/me/passkeys/{passkeyId} body',
        'POST /v1/firmUser body',
        'PUT /v1/user/{id} body',
        'PATCH /v1/users/{id} body',
        'POST /cases/v2/checkDuplicate body',
        'POST /cases/v2/FromLead body',
        'PUT /v1/firm body',
        'POST /neos/validateCredentials body',
        'POST /v1/intake body',
        'PATCH /v1/intake/{caseId} body',
        'POST /v1/intake/{caseId}/reveal body',
        'POST /v1/intake/{caseId}/client-link body',
        'POST /v1/intake/{caseId}/conflicts/decision body',
        'POST /public/v1/client-intake/{token} body',
        'PUT /v1/firm/engagement-terms body',
        'POST /v1/firm/engagement-terms/preview body',
        'POST /v1/intake/{caseId}/engagement body',
        'POST /public/v1/engagement/{token} body',
        'POST /public/v1/password-reset body',
        'POST /public/v1/password-reset/{token} body',
      ].sort(),
    );
  });

  it("uses no keyword the server's validator would ignore: each compiles under Ajv 2020 in strict mode", async () => {
    const strict = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
    addFormats(strict);
    const refused = (await requestSchemas()).flatMap(({ call, schema }) => {
      try {
        strict.compile(schema as object);
        return [];
      } catch (error) {
        return [`${call}: ${String(error)}`];
      }
    });
    expect(refused).toEqual([]);
  });
});

describe('requests the client sends are accepted', () => {
  it('login', () => {
    expect(verdict('POST /v1/users/login body', { email: 'ada@example.test', password: 'S3cret!pass' })).toEqual([]);
  });

  it('new employee, with and without a privilege', () => {
    const employee = {
      firstName: 'Ada',
      middleName: null,
      lastName: 'Testperson',
      email: 'ada@example.test',
      password: 'S3cret!pass',
      userInformation,
    };
    expect(verdict('POST /v1/firmUser body', employee)).toEqual([]);
    expect(verdict('POST /v1/firmUser body', { ...employee, privilege: 'administrator' })).toEqual([]);
  });

  it('profile update without a password', () => {
    expect(
      verdict('PUT /v1/user/{id} body', {
        firstName: 'Ada',
        middleName: 'B',
        lastName: 'Testperson',
        email: 'ada@example.test',
        userInformation,
      }),
    ).toEqual([]);
  });

  it('lead for the duplicate check and for creation', () => {
    expect(verdict('POST /cases/v2/checkDuplicate body', { neosCasesInformation: lead })).toEqual([]);
    expect(verdict('POST /cases/v2/FromLead body', { neosCasesInformation: { ...lead, birthDate: '1990-04-01', email: null } })).toEqual(
      [],
    );
  });

  it('firm update, with and without integration credentials', () => {
    const firm = { firmName: 'Example Law', firmContact: '555-0102', firmMail: '', firmAddress: null };
    expect(verdict('PUT /v1/firm body', firm)).toEqual([]);
    expect(
      verdict('PUT /v1/firm body', { ...firm, neosCredentials: { companyId: 'c-1', apiKey: 'k-123456', integrationId: 'i-1' } }),
    ).toEqual([]);
  });

  it('credentials validation', () => {
    expect(verdict('POST /neos/validateCredentials body', { companyId: 'c-1', apiKey: 'k-123456', integrationId: 'i-1' })).toEqual([]);
  });

  it('a blank draft intake (only the names filled) and its later update', () => {
    expect(verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: draftIntake() })).toEqual([]);
    const update = { ...draftIntake(), caseId: 'case-1', updatedAt: '2025-01-02T03:04:05.000Z', representativeName: 'Rep Person' };
    expect(verdict('PATCH /v1/intake/{caseId} body', { userId: 'u-1', generalCaseInformation: update })).toEqual([]);
  });

  // A query string is text: the numbers arrive as '10' and the server reads them as numbers.
  it('list queries with the pager and filters, as the URL carries them', () => {
    expect(verdict('GET /v1/users query', { privilege: 'representative', search: 'ada', pageSize: '10', offSetValue: '0' })).toEqual([]);
    expect(
      verdict('GET /v1/intake query', { userId: 'u-1', pageSize: '10', offSetValue: '20', searchFilter: '', status: 'final' }),
    ).toEqual([]);
    expect(verdict('GET /v1/leads query', {})).toEqual([]);
  });

  it('a pager value that is not a number', () => {
    expect(verdict('GET /v1/users query', { pageSize: 'ten', offSetValue: '0' })).toEqual(['/pageSize type']);
  });
});

describe('requests the server refuses with 400', () => {
  it('unknown fields, at any depth', () => {
    expect(verdict('POST /v1/users/login body', { email: 'a@example.test', password: 'x', remember: true })).toEqual([
      '/ additionalProperties',
    ]);
    expect(
      verdict('POST /v1/firmUser body', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.test',
        password: 'x',
        userInformation: { ...userInformation, firmId: 'f' },
      }),
    ).toEqual(['/userInformation additionalProperties']);
  });

  it('the id and generalCaseInformationId that the client must strip from an update (docs/product/intake-form.md)', () => {
    const intake: Record<string, unknown> = { ...draftIntake(), updatedAt: '2025-01-02T03:04:05.000Z' };
    expect(verdict('PATCH /v1/intake/{caseId} body', { userId: 'u-1', generalCaseInformation: { ...intake, id: 7 } })).toEqual([
      '/generalCaseInformation additionalProperties',
    ]);
    const personal = { ...(intake.personalInformation as object), generalCaseInformationId: 7 };
    expect(
      verdict('PATCH /v1/intake/{caseId} body', { userId: 'u-1', generalCaseInformation: { ...intake, personalInformation: personal } }),
    ).toEqual(['/generalCaseInformation/personalInformation additionalProperties']);
  });

  it('an update without the updatedAt it started from', () => {
    expect(verdict('PATCH /v1/intake/{caseId} body', { userId: 'u-1', generalCaseInformation: draftIntake() })).toEqual([
      '/generalCaseInformation required',
    ]);
  });

  it('an intake missing a section or a field', () => {
    const { checklist: _dropped, ...withoutChecklist } = draftIntake();
    expect(verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: withoutChecklist })).toEqual([
      '/generalCaseInformation required',
    ]);
    const { dl: _dl, ...personal } = blankIntakeSections().personalInformation!;
    expect(
      verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: { ...draftIntake(), personalInformation: personal } }),
    ).toEqual(['/generalCaseInformation/personalInformation required']);
  });

  it.each([
    ['personalInformation', 'address', 100],
    ['personalInformation', 'ssnItin', 11],
    ['defendantInformation', 'address', 100],
    ['defendantInformation', 'information', 90],
    ['injuryInformation', 'painStart', 90],
    ['injuryInformation', 'painAndSymptomsExp', 180],
    ['incidentDescription', 'clientCitedReason', 20],
    ['incidentDescription', 'defendantReason', 25],
    ['incidentDescription', 'photoOrEvidenceDescription', 100],
  ] as const)('%s.%s over %i characters', (section, field, limit) => {
    const withText = (text: string) => {
      const intake = draftIntake();
      intake[section] = { ...(intake[section] as object), [field]: text };
      return { userId: 'u-1', generalCaseInformation: intake };
    };
    expect(verdict('POST /v1/intake body', withText('x'.repeat(limit)))).toEqual([]);
    expect(verdict('POST /v1/intake body', withText('x'.repeat(limit + 1)))).toEqual([
      `/generalCaseInformation/${section}/${field} maxLength`,
    ]);
  });

  it('values outside the enumerations', () => {
    expect(verdict('POST /cases/v2/FromLead body', { neosCasesInformation: { ...lead, gender: 'female', minor: 'Nah' } })).toEqual([
      '/neosCasesInformation/gender enum',
      '/neosCasesInformation/minor enum',
    ]);
    expect(
      verdict('POST /v1/firmUser body', {
        firstName: 'A',
        lastName: 'B',
        email: 'a@example.test',
        password: 'x',
        privilege: 'superuser',
        userInformation,
      }),
    ).toEqual(['/privilege enum']);
    const intake = draftIntake();
    intake.personalInformation = { ...(intake.personalInformation as object), languages: ['klingon'], phoneUsages: ['call', 'call'] };
    expect(verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: intake })).toEqual([
      '/generalCaseInformation/personalInformation/languages/0 enum',
      '/generalCaseInformation/personalInformation/phoneUsages uniqueItems',
    ]);
  });

  it('a Yes/No answer that is not true, false or null, and a date that is not one', () => {
    const intake = draftIntake();
    intake.injuryInformation = { ...(intake.injuryInformation as object), ems: 'Yes', hospitalDate: 'May' };
    expect(verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: intake })).toEqual([
      '/generalCaseInformation/injuryInformation/ems type',
      '/generalCaseInformation/injuryInformation/hospitalDate pattern',
    ]);
  });

  it('an unanswered choice or date sent as an empty text passes (taken as unanswered)', () => {
    const intake = draftIntake();
    intake.injuryInformation = { ...(intake.injuryInformation as object), hospitalDate: '' };
    intake.personalInformation = { ...(intake.personalInformation as object), gender: '', birthDate: '' };
    expect(verdict('POST /v1/intake body', { userId: 'u-1', generalCaseInformation: intake })).toEqual([]);
  });

  it('an employee email that is not an address', () => {
    expect(
      verdict('POST /v1/firmUser body', { firstName: 'A', lastName: 'B', email: 'not-an-address', password: 'x', userInformation }),
    ).toEqual(['/email format']);
  });

  it('pager values out of range and oversized search text', () => {
    expect(verdict('GET /v1/users query', { pageSize: '0', offSetValue: '-1', search: 'x'.repeat(101) })).toEqual([
      '/search maxLength',
      '/pageSize minimum',
      '/offSetValue minimum',
    ]);
    expect(verdict('GET /v1/intake query', { pageSize: '101', status: 'open' })).toEqual(['/pageSize maximum', '/status enum']);
  });

  it('missing path parameters', () => {
    expect(verdict('PATCH /v1/intake/{caseId} path', {})).toEqual(['/ required']);
    expect(verdict('PUT /v1/user/{id} path', { id: 'u-1' })).toEqual([]);
  });
});
