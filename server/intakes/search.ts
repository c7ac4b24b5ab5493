// The intake list's search (openapi.yaml GET /v1/intake: client name, phone, email, representative
// and case ID, ignoring case) runs on a full-text index, not a scan (migration 0006): FTS5 on
// SQLite, a tsvector with a GIN index on PostgreSQL. Both index the same text, `search_terms`,
// which is made here in TypeScript so the two databases see identical words, and both receive the
// same parsed query, written in each one's syntax by the two formatters below.
//
// Words are lower-case runs of letters and digits with accents removed, so the index never sees
// punctuation and a query can never carry an operator: whatever the user types is reduced to
// such words before it reaches FTS5 or to_tsquery.

/** A query never needs more words than this; more only make the index work harder. */
export const MAX_SEARCH_PHRASES = 8;

/** 'José O'Neil-Smith' -> ['jose', 'o', 'neil', 'smith']. */
export function searchWords(text: string | null | undefined): string[] {
  if (!text) return [];
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/**
 * The digit strings a phone number is found by: all its digits, without a leading US country
 * code, and the local seven, so '5550100', '555 0100', '(555) 010-0' and '010-0100' all find
 * '(555) 010-0100' whatever punctuation it was stored with.
 */
export function phoneDigitTerms(phone: string): string[] {
  const digits = phone.replace(/\D/g, '');
  if (!digits) return [];
  const terms = [digits];
  if (digits.length === 11 && digits.startsWith('1')) terms.push(digits.slice(1));
  if (digits.length > 7) terms.push(digits.slice(-7));
  return terms;
}

export interface SearchableIntake {
  caseId: string;
  clientName: string;
  clientPhone: string;
  clientEmail: string;
  representativeName: string | null;
}

/**
 * The indexed text of one intake. Each field keeps its words in order (a query 'a.b@c.com' is the
 * phrase 'a b c com'); the case ID is there as its groups and as one hex word, so a pasted ID,
 * its first characters, or the ID without dashes all find it.
 */
export function intakeSearchTerms(intake: SearchableIntake): string {
  return [
    ...searchWords(intake.clientName),
    ...searchWords(intake.clientEmail),
    ...searchWords(intake.clientPhone),
    ...phoneDigitTerms(intake.clientPhone),
    ...searchWords(intake.caseId),
    intake.caseId.replace(/[^0-9A-Za-z]/g, '').toLowerCase(),
    ...searchWords(intake.representativeName),
  ]
    .filter(Boolean)
    .join(' ');
}

/** A query: every phrase must match (AND); a phrase is adjacent words, the last one a prefix. */
export type SearchQuery = string[][];

/** Only digits and the punctuation phone numbers are written with: '(555) 010-0100', '555 0100'. */
const phoneLike = /^[\d\s().+\-/]*\d[\d\s().+\-/]*$/;

/**
 * The user's text as phrases, or an empty list when it holds nothing searchable ('"', '*'), which
 * the list treats like an empty search. Each space-separated word becomes one phrase, so 'jo sam'
 * finds 'Jones Sample' and 'alex.sample@example' must appear as written; a text that looks like a
 * phone number is one run of digits, so spacing and punctuation do not matter.
 */
export function parseSearch(text: string | null | undefined): SearchQuery {
  const trimmed = (text ?? '').trim();
  if (!trimmed) return [];
  if (phoneLike.test(trimmed)) return [[trimmed.replace(/\D/g, '')]];
  return trimmed
    .split(/\s+/)
    .map((word) => searchWords(word))
    .filter((phrase) => phrase.length > 0)
    .slice(0, MAX_SEARCH_PHRASES);
}

/** The longest prefix intake_prefix_totals keeps (migration 0020). */
export const KEPT_PREFIX_MAX = 32;

/**
 * The word whose total intake_prefix_totals keeps (migration 0020), when the query is one word
 * without a digit 0-9 and at most KEPT_PREFIX_MAX characters long; undefined for any other query.
 */
export function keptPrefix(query: SearchQuery): string | undefined {
  const word = query.length === 1 && query[0]?.length === 1 ? query[0][0] : undefined;
  if (word === undefined || /[0-9]/.test(word) || [...word].length > KEPT_PREFIX_MAX) return undefined;
  return word;
}

/** FTS5 syntax: '"alex"* AND "alex sample example"*'. Words hold letters and digits only. */
export function toFts5Query(query: SearchQuery): string {
  return query.map((phrase) => `"${phrase.join(' ')}"*`).join(' AND ');
}

/**
 * Whether an intake's words (`search_terms`) match the query, as the full-text indexes decide it:
 * every phrase is a run of adjacent words, equal but for the last, which is a prefix. Used where a
 * page checks rows one by one in list order (server/intakes/repository.ts, a common word). Both
 * sides are made by searchWords, so they are already lower-case and without accents.
 */
export function matchesSearch(terms: string, query: SearchQuery): boolean {
  const words = terms.split(' ');
  return query.every((phrase) =>
    words.some((_, start) =>
      phrase.every((word, offset) => {
        const candidate = words[start + offset];
        return candidate !== undefined && (offset === phrase.length - 1 ? candidate.startsWith(word) : candidate === word);
      }),
    ),
  );
}

/** The user's phrases only ever match the words of an intake, never its firm or status words. */
function ofIntakeWords(query: SearchQuery): string {
  return `{case_key terms} : (${toFts5Query(query)})`;
}

/**
 * The whole FTS5 query of a list search (migration 0014): the firm and, when asked, the status are
 * words of the index too, so the index alone narrows the matches to them. A firm id and a status
 * are the server's own values (a uuid, 'draft' or 'final'); only their letters and digits are used.
 */
export function toFts5ListQuery(query: SearchQuery, firmId: string, status?: string): string {
  return [`firm_key : ${fts5Word(firmId)}`, toFts5AnyFirmQuery(query, status)].join(' AND ');
}

/** The same query in every firm's rows: the status, when asked, and the user's phrases. */
export function toFts5AnyFirmQuery(query: SearchQuery, status?: string): string {
  return [...(status ? [`status : ${fts5Word(status)}`] : []), ofIntakeWords(query)].join(' AND ');
}

function fts5Word(value: string): string {
  return `"${value.replace(/[^0-9A-Za-z]/g, '').toLowerCase()}"`;
}

/** to_tsquery syntax: `'alex':* & 'alex' <-> 'sample' <-> 'example':*`. */
export function toTsQuery(query: SearchQuery): string {
  return query
    .map((phrase) => phrase.map((word, index) => `'${word}'${index === phrase.length - 1 ? ':*' : ''}`).join(' <-> '))
    .join(' & ');
}
