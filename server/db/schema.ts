// Every table as Kysely types it, gathered from beside each feature (server/*/tables.ts). Column
// names are snake_case; each resource's service maps rows to the camelCase API types. Timestamps
// are ISO-8601 UTC text on both databases (fixed width, so they sort and compare as strings); ids
// are UUID text made by the application.
import type { ActivityTable } from '../activity/tables';
import type {
  LoginChallengesTable,
  LoginFailuresTable,
  PasskeysTable,
  PasswordResetsTable,
  RecoveryCodesTable,
  SessionGenerationTable,
  SessionsTable,
  UserSecondFactorsTable,
  WebauthnChallengesTable,
} from '../auth/tables';
import type { ConflictDecisionsTable, PartiesTable } from '../conflicts/tables';
import type { EngagementFilesTable, EngagementsTable, FirmEngagementTermsTable } from '../engagement/tables';
import type { ClientAttestationsTable, ClientLinksTable, IntakeClientAnswersTable } from '../clientIntake/tables';
import type { FirmsTable } from '../firms/tables';
import type { IdempotencyKeysTable } from '../http/tables';
import type {
  FirmDayTotalsTable,
  IntakePrefixTotalsTable,
  IntakeRepresentativeTotalsTable,
  IntakesTable,
  IntakeTotalsTable,
} from '../intakes/tables';
import type { LeadsTable } from '../leads/tables';
import type { UsersTable } from '../users/tables';

export interface Database {
  firms: FirmsTable;
  users: UsersTable;
  login_failures: LoginFailuresTable;
  sessions: SessionsTable;
  session_generation: SessionGenerationTable;
  intakes: IntakesTable;
  intake_totals: IntakeTotalsTable;
  intake_prefix_totals: IntakePrefixTotalsTable;
  intake_representative_totals: IntakeRepresentativeTotalsTable;
  firm_day_totals: FirmDayTotalsTable;
  leads: LeadsTable;
  activity: ActivityTable;
  idempotency_keys: IdempotencyKeysTable;
  client_links: ClientLinksTable;
  intake_client_answers: IntakeClientAnswersTable;
  client_attestations: ClientAttestationsTable;
  firm_engagement_terms: FirmEngagementTermsTable;
  engagements: EngagementsTable;
  engagement_files: EngagementFilesTable;
  user_second_factors: UserSecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  password_resets: PasswordResetsTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  parties: PartiesTable;
  conflict_decisions: ConflictDecisionsTable;
}
