// Which PII keys the stored SSN/ITIN need (README, Backups): one sealed value per key id, found
// over the intakes' index in one lookup per key, and a configuration that cannot open one of them
// is refused by name, so that the start never serves data it would answer 500 for.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPiiCipher, type PiiCipher } from '../../server/crypto/piiCipher';
import { checkPiiKeys, MissingPiiKeysError, sealedValuePerKey } from '../../server/crypto/piiKeyUse';
import { newSecret } from '../../server/crypto/piiKeys';
import { withFields } from '../domain/intake/fixtures';
import { createdIntake, draftIntake } from './support/intakes';
import { startTestServer, testDatabases, type TestServer } from './support/testServer';

const secrets = { kOld: newSecret(), kMid: newSecret(), kNew: newSecret() };
/** A cipher over some of the keys, the first sealing. */
const cipherOf = (...ids: (keyof typeof secrets)[]): PiiCipher =>
  createPiiCipher({ current: ids[0]!, keys: Object.fromEntries(ids.map((id) => [id, secrets[id]])) });

describe.each(testDatabases())('PII keys in use on %s', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind, { piiCipher: cipherOf('kNew', 'kMid', 'kOld') });
    const firm = await server.createFirm();
    const user = await server.createUser({ firmId: firm.id, userInformation: { ssnStatus: 'hasSsn', ssn: '512-30-1234' } });
    const caller = { user, token: await server.login(user.email, user.password) };
    // Twelve intakes with an SSN, sealed under three keys (as after two rotations left halfway), and two without.
    for (let index = 0; index < 14; index += 1) {
      const intake = draftIntake({ lastName: `Keyed${index}` });
      const created = await createdIntake(
        server,
        caller,
        index < 12
          ? withFields(intake, { 'personalInformation.status': 'hasSsn', 'personalInformation.ssnItin': `512-30-${1000 + index}` })
          : intake,
      );
      if (index >= 12) continue;
      const keyId = (['kOld', 'kMid', 'kNew'] as const)[index % 3]!;
      await server.db
        .updateTable('intakes')
        .set({ ssn_itin_sealed: cipherOf(keyId).seal(`512-30-${1000 + index}`, 'intakes.ssnItin') })
        .where('case_id', '=', created.caseId!)
        .execute();
    }
  });
  afterAll(() => server?.close());

  it('finds one value per key id in use, each opening with its key', async () => {
    const uses = await sealedValuePerKey(server.db);
    expect(uses.map((use) => use.keyId).sort()).toEqual(['kMid', 'kNew', 'kOld']);
    for (const use of uses) expect(cipherOf(use.keyId as keyof typeof secrets).open(use.sealed, use.column)).toMatch(/^512-30-\d{4}$/);
  });

  it('refuses a configuration without some of the keys, naming each missing id and how to pass it', async () => {
    await expect(checkPiiKeys(server.db, cipherOf('kNew', 'kMid', 'kOld'))).resolves.toBeUndefined();
    const error = await checkPiiKeys(server.db, cipherOf('kNew')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(MissingPiiKeysError);
    expect((error as MissingPiiKeysError).keyIds.sort()).toEqual(['kMid', 'kOld']);
    expect((error as Error).message).toContain('PII_KEYS=<id>:<secret>');
    expect((error as Error).message).toContain('pii-keys');
  });

  it('refuses a key of the right id whose secret is another', async () => {
    const impostor = createPiiCipher({ current: 'kNew', keys: { kNew: secrets.kNew, kMid: newSecret(), kOld: secrets.kOld } });
    await expect(checkPiiKeys(server.db, impostor)).rejects.toMatchObject({ keyIds: ['kMid'] });
  });
});
