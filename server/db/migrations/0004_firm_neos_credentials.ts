// The firm's Neos integration credentials (docs/architecture.md, Neos integration). The ids are not secret
// and the firm screen shows them; the API key is stored sealed (server/crypto/credentialsCipher.ts)
// with its last four characters beside it, so the screen can say which key is stored without the
// server ever sending the key back.
import type { Kysely } from 'kysely';

const columns = ['neos_company_id', 'neos_integration_id', 'neos_api_key_encrypted', 'neos_api_key_last_four'] as const;

// Kysely<any>: see 0001_firms_and_users.ts. One column per statement: SQLite's ALTER TABLE adds
// or drops one column at a time.
export async function up(db: Kysely<any>): Promise<void> {
  for (const column of columns) {
    await db.schema.alterTable('firms').addColumn(column, 'text').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of [...columns].reverse()) {
    await db.schema.alterTable('firms').dropColumn(column).execute();
  }
}
