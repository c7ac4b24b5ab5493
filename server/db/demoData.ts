// Sample data for demo mode (docs/product/dashboard.md#demo-data; README, Run it): on the first start
// of an empty database without OWNER_EMAIL, a few employees of each privilege, about 40 leads and 60
// intakes, so every screen, the dashboard and the PDF have something to show.
//
// Everything is invented and looks it: names assembled from made-up parts, '.test' addresses
// (a domain that never delivers mail), 555-01xx phone numbers (set aside for fiction), SSNs in
// the never-issued 666 area. The content is deterministic: a fixed seed drives every choice, and
// dates are placed relative to the start, so deadlines are near whenever the demo is opened.
// The SSNs are sealed exactly as a save seals them (server/crypto/piiCipher.ts). Nothing here is
// ever printed.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { addDays, incidentDateFor, LIMITATION_YEARS_DEFAULT } from '../../src/domain/limitation';
import { utcDate } from '../../src/domain/dashboard';
import { toIsoTimestamp } from '../../src/domain/dates';
import type { IntakeStatus, Privilege } from '../../src/domain/enums';
import { hashPassword } from '../auth/password';
import { sealOptional, type PiiCipher } from '../crypto/piiCipher';
import { insertIntake, type IntakeSections } from '../intakes/repository';
import { intakeSectionsFromLead } from '../leads/intakeFromLead';
import { insertLead, type LeadValues } from '../leads/repository';
import { insertUser } from '../users/repository';
import type { Database } from './database';

export const DEMO_LEADS = 40;
/** Leads of the demo that never got an intake (registered before intakes came from leads). */
const LEADS_WITHOUT_INTAKE = 6;
export const DEMO_INTAKES = 60;
const DAY = 86_400_000;

const firstNames = [
  'Zoë', 'Mateo', 'Aurélie', 'Björn', 'Chloé', 'Dário', 'Elif', 'Fátima', 'Göran', 'Héloïse',
  'Iñigo', 'Jürgen', 'Kalani', 'Léa', 'Maëlle', 'Nuño', 'Oona', 'Paulína', 'Quirin', 'Renée',
  'Søren', 'Thảo', 'Ulla', 'Valentín', 'Wiremu', 'Xóchitl', 'Yusuf', 'Zdeněk',
] as const; // prettier-ignore

const lastNames = [
  'Quillfeather', 'Marchetti-Duval', 'Ñandúbay', 'Østerhavn', 'Brontëwood', 'Castañeira', 'Dufresnoy',
  'Ekströmberg', 'Fairweatherly', 'Garçonnet', 'Hollowmere', 'Iturbeaga', 'Jóhannsdóttir', 'Kowalczykowa',
  'Lindqvistå', 'Moreau-Fictif', 'Nguyễn-Sample', 'Oyelaran-Test', 'Pérez-Ejemplo', 'Rüdigerhof',
] as const; // prettier-ignore

const cities = ['Sampleton', 'Fictionville', 'Testborough', 'Example City', 'Demoport'] as const;
const descriptions = [
  'Rear-ended at a red light on Example Avenue; the other driver was looking at a phone.',
  'Side impact in the Demoport roundabout; the other car failed to yield.',
  'Slipped on an unmarked wet floor in a Sampleton grocery store.',
  'Cyclist struck by a turning delivery van on Fiction Street.',
  'Multi-car collision on the Testborough bypass in heavy rain.',
] as const;

/** mulberry32: a small deterministic generator, so every demo holds the same people and stories. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    below: (n: number) => Math.floor(next() * n),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    chance: (p: number) => next() < p,
  };
}

type Random = ReturnType<typeof generator>;

interface DemoEmployee {
  id: string;
  name: string;
}

const employees: readonly { first: string; last: string; privilege: Privilege }[] = [
  { first: 'Odette', last: 'Partnerly', privilege: 'owner' },
  { first: 'Amadou', last: 'Adminton', privilege: 'administrator' },
  { first: 'Inès', last: 'Officeworth', privilege: 'administrator' },
  { first: 'Rafael', last: 'Reppington', privilege: 'representative' },
  { first: 'Sakura', last: 'Intakeby', privilege: 'representative' },
  { first: 'Tomás', last: 'Casewright', privilege: 'representative' },
  { first: 'Wanjiru', last: 'Clientson', privilege: 'representative' },
];

function fictionalSsn(index: number): string {
  return `666-${String(10 + (index % 90)).padStart(2, '0')}-${String(1000 + index).padStart(4, '0')}`;
}

function phone(index: number): string {
  return `555-010-${String(1000 + index)}`;
}

function leadValues(random: Random, index: number): LeadValues {
  const first = firstNames[index % firstNames.length] as string;
  const last = lastNames[(index * 7) % lastNames.length] as string;
  const year = 1950 + random.below(50);
  const city = random.pick(cities);
  return {
    first_name: first,
    middle_name: random.chance(0.3) ? random.pick(firstNames) : null,
    last_name: last,
    birth_date: `${year}-${String(1 + random.below(12)).padStart(2, '0')}-${String(1 + random.below(28)).padStart(2, '0')}`,
    address: `${10 + index} Example Street`,
    city,
    county: 'Fiction County',
    state: 'ZZ',
    country: 'USA',
    zip_code: '00000',
    email: `${first
      .normalize('NFD')
      .replace(/[^A-Za-z]/g, '')
      .toLowerCase()}.${index}@demo.test`,
    gender: random.chance(0.5) ? 'Female' : 'Male',
    phone: phone(index),
    minor: 'No',
  };
}

/**
 * The incident date of the n-th intake: spread over the last three years, a few placed so their
 * deadline under the default period is days or weeks away, and about one in ten left unanswered.
 */
function incidentDateOf(random: Random, index: number, today: string): string | null {
  const near = [3, 12, 25, 40, 58, 75, 88];
  if (index < near.length) return incidentDateFor(addDays(today, near[index] as number), LIMITATION_YEARS_DEFAULT);
  if (random.chance(0.1)) return null;
  return addDays(today, -(7 + random.below(3 * 365)));
}

function withIncident(sections: IntakeSections, random: Random, incidentDate: string | null, ssn: string): IntakeSections {
  const incident = {
    ...sections.incidentDescription,
    city: random.pick(cities),
    county: 'Fiction County',
    crashLocation: `${random.pick(['Example Avenue', 'Fiction Street', 'Sample Road', 'Demo Boulevard'])} and ${random.below(90) + 1}th Street`,
    description: random.pick(descriptions),
    police: true,
  };
  return {
    ...sections,
    personalInformation: { ...sections.personalInformation, status: 'hasSsn', ssnItin: ssn, languages: ['english'] },
    incidentDescription: { ...incident, incidentDate: incidentDate ? toIsoTimestamp(incidentDate) : null },
  };
}

export interface DemoDataInput {
  firmId: string;
  pii: PiiCipher;
  now?: Date;
}

/** Adds the demo's employees, leads and intakes to the (new, empty) demo firm. */
export async function addDemoData(db: Kysely<Database>, { firmId, pii, now = new Date() }: DemoDataInput): Promise<void> {
  const random = generator(20_261_124);
  const today = utcDate(now);
  // Nobody signs in as these people (the printed owner does), so they share one unknown password.
  const passwordHash = await hashPassword(`${randomBytes(24).toString('base64url')}!1a`);
  const staff: DemoEmployee[] = [];
  for (const [index, person] of employees.entries()) {
    const row = await insertUser(
      db,
      {
        firm_id: firmId,
        first_name: person.first,
        middle_name: null,
        last_name: person.last,
        email: `${person.first
          .normalize('NFD')
          .replace(/[^A-Za-z]/g, '')
          .toLowerCase()}.${person.last.toLowerCase()}@demo.test`,
        password_hash: passwordHash,
        privilege: person.privilege,
        phone_number: phone(90 + index),
        usage: 'call',
        civil_status: null,
        gender: null,
        birth_date: `${1970 + index * 3}-0${1 + (index % 9)}-1${index}`,
        ssn: sealOptional(pii, fictionalSsn(500 + index), 'users.ssn'),
        ssn_status: 'hasSsn',
        itin: null,
      },
      new Date(now.getTime() - 400 * DAY),
    );
    staff.push({ id: row.id, name: `${person.first} ${person.last}` });
  }

  let intakeCount = 0;
  const intakeAt = async (sections: IntakeSections, createdAgoDays: number) => {
    const index = intakeCount;
    intakeCount += 1;
    // Two in five final, spread over every employee.
    const status: IntakeStatus = index % 5 < 2 ? 'final' : 'draft';
    const by = staff[index % staff.length] as DemoEmployee;
    const created = new Date(now.getTime() - createdAgoDays * DAY - random.below(8) * 3_600_000);
    const ssn = fictionalSsn(index);
    const incidentDate = incidentDateOf(random, index, today);
    const full = withIncident(sections, random, incidentDate, ssn);
    const row = await insertIntake(
      db,
      {
        firmId,
        status,
        representativeId: by.id,
        representativeName: by.name,
        sections: full,
        ssnItinSealed: sealOptional(pii, ssn, 'intakes.ssnItin'),
      },
      created,
    );
    // Saved again some days after it was created (a final one: when it was submitted), never in the future.
    const savedAgo = Math.max(0, createdAgoDays - random.below(Math.min(createdAgoDays, 20) + 1));
    const updated = new Date(Math.min(now.getTime(), now.getTime() - savedAgo * DAY + random.below(8) * 3_600_000));
    if (updated > created) {
      await db.updateTable('intakes').set({ updated_at: updated.toISOString() }).where('case_id', '=', row.case_id).execute();
    }
    return row.case_id;
  };

  for (let index = 0; index < DEMO_LEADS; index += 1) {
    const values = leadValues(random, index);
    const createdAgo = index < 4 ? index : 1 + random.below(150);
    const withIntake = index >= LEADS_WITHOUT_INTAKE;
    const caseId = withIntake ? await intakeAt(intakeSectionsFromLead(values), createdAgo) : null;
    const by = staff[index % staff.length] as DemoEmployee;
    await insertLead(db, { firmId, createdBy: by.id, values, intakeId: caseId }, new Date(now.getTime() - createdAgo * DAY));
  }
  // The intakes nobody registered a lead for (walk-ins, phone calls).
  for (let index = DEMO_LEADS; intakeCount < DEMO_INTAKES; index += 1) {
    await intakeAt(intakeSectionsFromLead(leadValues(random, index)), 10 + random.below(700));
  }
}
