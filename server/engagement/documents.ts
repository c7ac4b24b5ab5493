// The firm's engagement documents (docs/product/engagement.md#terms-and-documents): the default
// terms, the sample texts the product ships (marked as samples for the firm's attorney to review),
// the placeholders a text may use, and the filling of a text with a client's data. Pure functions:
// the service reads the rows, the PDF and the public page show what these return.
import { createHash } from 'node:crypto';
import type { Schemas } from '../http/contractTypes';

export type EngagementTerms = Schemas['EngagementTermsUpdate'];
export type DocumentKind = Schemas['EngagementDocumentKind'];
export type FilledDocument = Schemas['EngagementDocument'];

export const documentKinds: readonly DocumentKind[] = ['feeAgreement', 'medicalRecordsRelease', 'letterOfRepresentation'];

export const documentTitles: Record<DocumentKind, string> = {
  feeAgreement: 'Contingency Fee Agreement',
  medicalRecordsRelease: 'Authorization to Release Medical Records (HIPAA)',
  letterOfRepresentation: 'Letter of Representation',
};

/** The first line of every sample: it stays in the filled document until the firm replaces the text. */
export const SAMPLE_MARK = "SAMPLE TEXT - shipped with the intake app for the firm's attorney to review and adapt. Not legal advice.";

const feeAgreementSample = `${SAMPLE_MARK}

This Contingency Fee Agreement is made on {{documentDate}} between {{clientName}} ("Client"), of {{clientAddress}}, and {{firmName}} ("Attorneys"), of {{firmAddress}}.

1. Scope. Client hires Attorneys to represent Client in the claim for personal injuries and damages arising from the incident of {{incidentDate}} at {{crashLocation}}, against {{defendantName}} and any other person or company responsible, and their insurers.

2. Fee. Attorneys are paid only if money is recovered. The fee is {{feeBeforeSuit}} of the total recovery if the claim is resolved before a lawsuit is filed, and {{feeAfterSuit}} of the total recovery if it is resolved after a lawsuit is filed. If nothing is recovered, Client owes no fee.

3. Costs. Attorneys advance the costs of the claim (records, filing fees, experts, depositions). {{costs}}

4. Settlement. Attorneys will not settle the claim without Client's consent. Client will not settle the claim without telling Attorneys.

5. Liens and medical bills. Unpaid medical bills, liens and subrogation claims are paid from Client's share of the recovery, as the law requires.

6. Ending the agreement. Client may end this agreement at any time in writing. Attorneys may withdraw as the rules of professional conduct allow. If the agreement ends before a recovery, Attorneys may claim a reasonable fee for the work done, paid only from a later recovery.

7. No guarantee. Attorneys have made no promise or guarantee about the outcome of the claim.

8. Statement. At the end of the case Attorneys will give Client a written statement showing the recovery, the fee, the costs and Client's share.

Client has read this agreement, had the chance to ask questions about it, and received a copy.

Client: {{clientName}}    Phone: {{clientPhone}}    Email: {{clientEmail}}
Attorneys: {{firmName}}    {{firmContact}}    {{firmMail}}`;

const medicalRecordsReleaseSample = `${SAMPLE_MARK}

Patient: {{clientName}}    Date of birth: {{clientBirthDate}}
Address: {{clientAddress}}    Phone: {{clientPhone}}

1. Who may disclose. I authorize every physician, hospital, clinic, emergency medical service, pharmacy, therapist, laboratory, imaging center, health plan and other health care provider who has examined or treated me to disclose the information below.

2. To whom. The information is to be disclosed to {{firmName}}, {{firmAddress}}, my attorneys, and to those they retain to work on my claim.

3. What. My complete medical records and bills, including histories, notes, test and imaging results, prescriptions, and billing and payment records, for treatment from {{incidentDate}} onward and for any earlier condition of the same parts of my body. This includes records about mental health, alcohol or drug treatment, HIV or other communicable disease only if I initial here: ______.

4. Purpose. At my request: so that my attorneys can evaluate, pursue and settle my claim for personal injuries from the incident of {{incidentDate}}.

5. Expiry. This authorization expires on {{authorizationExpires}}, or when my claim ends, whichever comes first.

6. My right to revoke. I may revoke this authorization at any time by writing to {{firmName}} and to the provider. A revocation does not undo a disclosure made before the provider received it.

7. Treatment does not depend on it. My treatment, payment, enrollment or eligibility for benefits may not be conditioned on whether I sign this authorization.

8. Redisclosure. Information disclosed under this authorization may be redisclosed by the recipient and may then no longer be protected by federal privacy law (HIPAA).

9. Copy. I have the right to a copy of this authorization. A copy or an electronically signed copy is as valid as the original.

Signature and date: see the signature below, signed electronically by the patient or their legal representative.`;

const letterOfRepresentationSample = `${SAMPLE_MARK}

{{documentDate}}

To: {{defendantInsurer}}
Re: Our client: {{clientName}}
Your insured: {{defendantName}}
Claim number: {{claimNumber}}
Date of loss: {{incidentDate}}
Location: {{crashLocation}}

Please be advised that {{firmName}} represents {{clientName}} for all claims arising from the incident above. From today, please direct every communication about this claim to our office and do not contact our client directly.

Please send us within 30 days a copy of the declarations page of every policy that may cover this loss, any recorded statement of our client, and the photographs and estimates of the vehicles.

Please preserve all evidence of the incident, including photographs, video, vehicle data, and the statements of your insured and of witnesses.

{{firmName}}
{{firmAddress}}
{{firmContact}}    {{firmMail}}

I, {{clientName}}, confirm that I have retained {{firmName}} and authorize this letter.`;

export const sampleDocuments: Record<DocumentKind, string> = {
  feeAgreement: feeAgreementSample,
  medicalRecordsRelease: medicalRecordsReleaseSample,
  letterOfRepresentation: letterOfRepresentationSample,
};

/** The terms of a firm that has not saved its own (docs/product/engagement.md). */
export const defaultTerms: EngagementTerms = {
  feeBeforeSuit: '33 1/3',
  feeAfterSuit: '40',
  costsDeducted: 'afterFee',
  costsWhenNoRecovery: 'waived',
  documents: { ...sampleDocuments },
};

/** Every placeholder a document may use, with what it becomes. */
export const placeholders = [
  { name: 'clientName', description: "The client's full name (first, middle and last)." },
  { name: 'clientAddress', description: "The client's address." },
  { name: 'clientPhone', description: "The client's phone number." },
  { name: 'clientEmail', description: "The client's email address." },
  { name: 'clientBirthDate', description: "The client's date of birth (MM/DD/YYYY)." },
  { name: 'incidentDate', description: 'The date of the incident (MM/DD/YYYY).' },
  { name: 'crashLocation', description: 'Where the crash happened: the location and the city.' },
  { name: 'defendantName', description: "The defendant driver's name." },
  { name: 'defendantInsurer', description: "The defendant's insurance company." },
  { name: 'claimNumber', description: "The claim number with the defendant's insurer." },
  { name: 'caseId', description: "The intake's case id." },
  { name: 'firmName', description: "The firm's name." },
  { name: 'firmAddress', description: "The firm's address." },
  { name: 'firmContact', description: "The firm's contact (a person or a phone number)." },
  { name: 'firmMail', description: "The firm's email address." },
  { name: 'feeBeforeSuit', description: "The fee before a suit is filed, with its percent sign ('33 1/3%')." },
  { name: 'feeAfterSuit', description: "The fee after a suit is filed ('40%')." },
  { name: 'costs', description: 'How costs are handled, in two sentences made from the terms.' },
  { name: 'documentDate', description: 'The day the signing link was made (MM/DD/YYYY).' },
  { name: 'authorizationExpires', description: 'One year after documentDate (MM/DD/YYYY): when the medical authorization expires.' },
] as const;

export type PlaceholderName = (typeof placeholders)[number]['name'];
const placeholderNames = new Set<string>(placeholders.map((placeholder) => placeholder.name));

/** `{{ name }}` with optional spaces inside the braces. */
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders of `text` that are not known, in their order, once each. */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  for (const match of text.matchAll(PLACEHOLDER)) if (!placeholderNames.has(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/** What a fee reads as in a document: '33 1/3' -> '33 1/3%'. */
export function feeText(fee: string): string {
  return `${fee}%`;
}

/** Fee text as a number, to refuse 0 (the contract's pattern lets '0' through). */
export function feeValue(fee: string): number {
  const [whole, third] = fee.split(' ');
  return Number(whole) + (third === '1/3' ? 1 / 3 : third === '2/3' ? 2 / 3 : 0);
}

export function costsText(terms: Pick<EngagementTerms, 'costsDeducted' | 'costsWhenNoRecovery'>): string {
  const deducted =
    terms.costsDeducted === 'beforeFee'
      ? 'Costs are repaid to Attorneys from the total recovery before the fee is computed, so the fee is a percentage of what remains.'
      : "The fee is computed on the total recovery; costs are then repaid to Attorneys from Client's share.";
  const none =
    terms.costsWhenNoRecovery === 'waived'
      ? 'If nothing is recovered, Client owes no costs.'
      : 'If nothing is recovered, Client repays the costs Attorneys advanced.';
  return `${deducted} ${none}`;
}

/** What fills the placeholders about the client and the case; '' where the intake has nothing. */
export interface EngagementParties {
  clientName: string;
  clientAddress: string;
  clientPhone: string;
  clientEmail: string;
  /** YYYY-MM-DD or an ISO timestamp, or null. */
  clientBirthDate: string | null;
  incidentDate: string | null;
  crashLocation: string;
  defendantName: string;
  defendantInsurer: string;
  claimNumber: string;
  caseId: string;
  firmName: string;
  firmAddress: string;
  firmContact: string;
  firmMail: string;
  /** YYYY-MM-DD: the day the link was made. */
  documentDate: string;
}

/** What an empty answer prints as: a line to fill by hand, never nothing. */
export const BLANK = '__________';

/** YYYY-MM-DD (or an ISO timestamp) as MM/DD/YYYY, the way the intake form writes dates. */
export function usDate(iso: string | null): string {
  if (!iso || !/^\d{4}-\d{2}-\d{2}/.test(iso)) return BLANK;
  return `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
}

function oneYearAfter(day: string): string {
  return `${String(Number(day.slice(0, 4)) + 1).padStart(4, '0')}${day.slice(4, 10)}`;
}

function valuesOf(terms: EngagementTerms, parties: EngagementParties): Record<PlaceholderName, string> {
  const text = (value: string) => value.normalize('NFC').trim() || BLANK;
  return {
    clientName: text(parties.clientName),
    clientAddress: text(parties.clientAddress),
    clientPhone: text(parties.clientPhone),
    clientEmail: text(parties.clientEmail),
    clientBirthDate: usDate(parties.clientBirthDate),
    incidentDate: usDate(parties.incidentDate),
    crashLocation: text(parties.crashLocation),
    defendantName: text(parties.defendantName),
    defendantInsurer: text(parties.defendantInsurer),
    claimNumber: text(parties.claimNumber),
    caseId: text(parties.caseId),
    firmName: text(parties.firmName),
    firmAddress: text(parties.firmAddress),
    firmContact: text(parties.firmContact),
    firmMail: text(parties.firmMail),
    feeBeforeSuit: feeText(terms.feeBeforeSuit),
    feeAfterSuit: feeText(terms.feeAfterSuit),
    costs: costsText(terms),
    documentDate: usDate(parties.documentDate),
    authorizationExpires: usDate(oneYearAfter(parties.documentDate)),
  };
}

/**
 * The three documents filled in, in their order. Line ends are normalised to \n; an unknown
 * placeholder (refused on saving, so only in a text stored before a placeholder was renamed) stays
 * as written, so nothing of the text is lost.
 */
export function fillDocuments(terms: EngagementTerms, parties: EngagementParties): FilledDocument[] {
  const values = valuesOf(terms, parties);
  return documentKinds.map((kind) => ({
    kind,
    title: documentTitles[kind],
    text: terms.documents[kind]
      .replace(/\r\n?/g, '\n')
      .replace(PLACEHOLDER, (whole, name: string) => (placeholderNames.has(name) ? values[name as PlaceholderName] : whole)),
  }));
}

/** SHA-256 (hex) of the documents as the public call answers them: their JSON, UTF-8. */
export function documentsSha256(documents: readonly FilledDocument[]): string {
  return createHash('sha256')
    .update(JSON.stringify(documents.map(({ kind, title, text }) => ({ kind, title, text }))), 'utf8')
    .digest('hex');
}

/** The made-up client Edit Firm's preview fills the documents with (no real person). */
export function sampleParties(firm: Pick<EngagementParties, 'firmName' | 'firmAddress' | 'firmContact' | 'firmMail'>, today: string) {
  return {
    clientName: 'Marisol Quintanilla-Ortiz',
    clientAddress: '1200 Example Avenue, Apt 4, Springfield',
    clientPhone: '(555) 010-0142',
    clientEmail: 'marisol.q@example.test',
    clientBirthDate: '1988-03-14',
    incidentDate: today,
    crashLocation: 'Main Street and 5th Avenue, Springfield',
    defendantName: 'Dariusz Kowalczyk-Benítez',
    defendantInsurer: 'Example Mutual Insurance Co.',
    claimNumber: 'EX-2026-00042',
    caseId: 'sample',
    ...firm,
    documentDate: today,
  } satisfies EngagementParties;
}
