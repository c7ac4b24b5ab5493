// SSN and ITIN sealed at rest (README, "Encryption at rest"): the users' `ssn` and `itin` columns
// hold sealed values (server/crypto/piiCipher.ts) from here on, and an intake's ssnItin leaves
// the sections JSON for its own sealed column, so neither the JSON nor any searchable column holds
// the digits. Rows stored before are sealed here, with the key the server starts with.
//
// A migration that needs a key: migrate.ts builds this one with the server's cipher. Without one
// (a caller that has no key) it refuses to run over clear values rather than leave them clear.
import { sql, type Kysely, type Migration } from 'kysely';
import { isSealed, type PiiCipher } from '../../crypto/piiCipher';
import { databaseKind } from '../database';

function needKey(): Error {
  return new Error('Sealing stored SSN/ITIN needs the PII key (PII_KEYS, PII_KEY or DATA_DIR/pii-keys)');
}

interface SectionsWithPerson {
  personalInformation?: { ssnItin?: string };
}

// Kysely<any>: see 0001_firms_and_users.ts.
export function sealedPii(pii: PiiCipher | undefined): Migration {
  return {
    async up(db: Kysely<any>): Promise<void> {
      const users = (await db.selectFrom('users').select(['id', 'ssn', 'itin']).execute()) as {
        id: string;
        ssn: string | null;
        itin: string | null;
      }[];
      const intakes = (await db.selectFrom('intakes').select(['case_id', 'sections']).execute()) as { case_id: string; sections: string }[];
      const clearUsers = users.filter((user) => (user.ssn && !isSealed(user.ssn)) || (user.itin && !isSealed(user.itin)));
      const clearIntakes = intakes.filter((intake) => (JSON.parse(intake.sections) as SectionsWithPerson).personalInformation?.ssnItin);
      // Checked before any change: SQLite runs DDL outside the migration's transaction.
      if ((clearUsers.length > 0 || clearIntakes.length > 0) && !pii) throw needKey();

      await db.schema.alterTable('intakes').addColumn('ssn_itin_sealed', 'text').execute();
      for (const user of clearUsers) {
        const seal = (value: string | null, column: 'users.ssn' | 'users.itin') =>
          value && !isSealed(value) ? pii!.seal(value, column) : value;
        await db
          .updateTable('users')
          .set({ ssn: seal(user.ssn, 'users.ssn'), itin: seal(user.itin, 'users.itin') })
          .where('id', '=', user.id)
          .execute();
      }
      for (const intake of clearIntakes) {
        const sections = JSON.parse(intake.sections) as SectionsWithPerson;
        const value = sections.personalInformation!.ssnItin!;
        sections.personalInformation!.ssnItin = '';
        await db
          .updateTable('intakes')
          .set({ sections: JSON.stringify(sections), ssn_itin_sealed: pii!.seal(value, 'intakes.ssnItin') })
          .where('case_id', '=', intake.case_id)
          .execute();
      }

      // The clear values must not outlive this step in SQLite's free pages or its WAL
      // (openSqlite.ts turns secure_delete on; the checkpoint empties the WAL into the main file).
      if (databaseKind(db) === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
    },

    async down(db: Kysely<any>): Promise<void> {
      const users = await db.selectFrom('users').select(['id', 'ssn', 'itin']).execute();
      for (const user of users as { id: string; ssn: string | null; itin: string | null }[]) {
        if (!user.ssn && !user.itin) continue;
        if (!pii) throw needKey();
        await db
          .updateTable('users')
          .set({
            ssn: user.ssn && isSealed(user.ssn) ? pii.open(user.ssn, 'users.ssn') : user.ssn,
            itin: user.itin && isSealed(user.itin) ? pii.open(user.itin, 'users.itin') : user.itin,
          })
          .where('id', '=', user.id)
          .execute();
      }
      const intakes = await db
        .selectFrom('intakes')
        .select(['case_id', 'sections', 'ssn_itin_sealed'])
        .where('ssn_itin_sealed', 'is not', null)
        .execute();
      for (const intake of intakes as { case_id: string; sections: string; ssn_itin_sealed: string }[]) {
        if (!pii) throw needKey();
        const sections = JSON.parse(intake.sections) as SectionsWithPerson;
        sections.personalInformation = { ...sections.personalInformation, ssnItin: pii.open(intake.ssn_itin_sealed, 'intakes.ssnItin') };
        await db
          .updateTable('intakes')
          .set({ sections: JSON.stringify(sections) })
          .where('case_id', '=', intake.case_id)
          .execute();
      }
      await db.schema.alterTable('intakes').dropColumn('ssn_itin_sealed').execute();
    },
  };
}
