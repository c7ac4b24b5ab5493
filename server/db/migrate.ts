// Runs the up/down migrations with Kysely's Migrator. The migrations are imported here rather than
// found on disk (FileMigrationProvider), so they work the same under tsx, vitest and a bundle.
// A new migration: add its file under migrations/ and one line below; names sort in run order.
import { Migrator, NO_MIGRATIONS, type Kysely, type Migration, type MigrationResultSet } from 'kysely';
import type { Database } from './database';
import * as firmsAndUsers from './migrations/0001_firms_and_users';
import * as loginFailures from './migrations/0002_login_failures';
import * as intakesAndLeads from './migrations/0003_intakes_and_leads';
import * as firmNeosCredentials from './migrations/0004_firm_neos_credentials';
import * as usersListingIndexes from './migrations/0005_users_listing_indexes';
import * as intakesSearch from './migrations/0006_intakes_search';
import * as activity from './migrations/0007_activity';
import { sealedPii } from './migrations/0008_sealed_pii';
import * as sessionsAndUserStatus from './migrations/0009_sessions_and_user_status';
import * as leadsIdentityUnique from './migrations/0010_leads_identity_unique';
import * as idempotencyKeys from './migrations/0011_idempotency_keys';
import * as intakeTotals from './migrations/0013_intake_totals';
import * as intakesSearchFirm from './migrations/0014_intakes_search_firm';
import * as intakesAutovacuum from './migrations/0015_intakes_autovacuum';
import * as firmLimitationYears from './migrations/0016_firm_limitation_years';
import * as clientLinks from './migrations/0017_client_links';
import * as dashboard from './migrations/0018_dashboard';
import * as firmDayTotals from './migrations/0019_firm_day_totals';
import * as intakePrefixTotals from './migrations/0020_intake_prefix_totals';
import * as intakeListCovering from './migrations/0021_intake_list_covering';
import * as intakesSearchNoPendingList from './migrations/0022_intakes_search_no_pending_list';
import * as sealedKeyIndex from './migrations/0023_sealed_key_index';
import * as clientAttestations from './migrations/0024_client_attestations';
import * as secondFactors from './migrations/0025_second_factors';
import * as partiesAndConflicts from './migrations/0026_parties_and_conflicts';
import * as engagements from './migrations/0027_engagements';
import * as passwordResets from './migrations/0028_password_resets';
import * as passkeys from './migrations/0029_passkeys';
import * as sessionGeneration from './migrations/0030_session_generation';
import type { PiiCipher } from '../crypto/piiCipher';
import { inspect } from 'node:util';

export interface MigrationContext {
  /** Seals SSN/ITIN stored before migration 0008; only needed when there are such rows. */
  pii?: PiiCipher;
}

export function migrations({ pii }: MigrationContext = {}): Record<string, Migration> {
  return {
    '0001_firms_and_users': firmsAndUsers,
    '0002_login_failures': loginFailures,
    '0003_intakes_and_leads': intakesAndLeads,
    '0004_firm_neos_credentials': firmNeosCredentials,
    '0005_users_listing_indexes': usersListingIndexes,
    '0006_intakes_search': intakesSearch,
    '0007_activity': activity,
    '0008_sealed_pii': sealedPii(pii),
    '0009_sessions_and_user_status': sessionsAndUserStatus,
    '0010_leads_identity_unique': leadsIdentityUnique,
    '0011_idempotency_keys': idempotencyKeys,
    '0013_intake_totals': intakeTotals,
    '0014_intakes_search_firm': intakesSearchFirm,
    '0015_intakes_autovacuum': intakesAutovacuum,
    '0016_firm_limitation_years': firmLimitationYears,
    '0017_client_links': clientLinks,
    '0018_dashboard': dashboard,
    '0019_firm_day_totals': firmDayTotals,
    '0020_intake_prefix_totals': intakePrefixTotals,
    '0021_intake_list_covering': intakeListCovering,
    '0022_intakes_search_no_pending_list': intakesSearchNoPendingList,
    '0023_sealed_key_index': sealedKeyIndex,
    '0024_client_attestations': clientAttestations,
    '0025_second_factors': secondFactors,
    '0026_parties_and_conflicts': partiesAndConflicts,
    '0027_engagements': engagements,
    '0028_password_resets': passwordResets,
    '0029_passkeys': passkeys,
    '0030_session_generation': sessionGeneration,
  };
}

function migrator(db: Kysely<Database>, context: MigrationContext = {}): Migrator {
  // Unordered: migrations are numbered when work starts and may land out of order, so a database
  // that already ran a later number still takes an earlier one that landed after it. Each
  // migration touches its own tables and columns, so the order between them does not matter.
  return new Migrator({ db, provider: { getMigrations: async () => migrations(context) }, allowUnorderedMigrations: true });
}

function unwrap({ error, results }: MigrationResultSet): void {
  if (!error) return;
  const failed = results?.find((result) => result.status === 'Error');
  const detail = error instanceof Error ? error.message : inspect(error);
  const name = failed ? ` ${failed.migrationName}` : '';
  throw new Error(`Migration${name} failed: ${detail}`, { cause: error });
}

/**
 * Brings the schema to the newest migration. On PostgreSQL Kysely holds an advisory lock meanwhile,
 * so instances starting together do not run a migration twice.
 */
export async function migrateToLatest(db: Kysely<Database>, context: MigrationContext = {}): Promise<void> {
  unwrap(await migrator(db, context).migrateToLatest());
}

/** Undoes every migration (tests of the down steps; never called by the server). */
export async function migrateToEmpty(db: Kysely<Database>, context: MigrationContext = {}): Promise<void> {
  unwrap(await migrator(db, context).migrateTo(NO_MIGRATIONS));
}
