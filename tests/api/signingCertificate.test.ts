// The firm's signing certificate (docs/product/engagement.md#the-seal): made once into DATA_DIR with
// mode 0600 and kept across starts, or given by SIGNING_CERT_P12 with SIGNING_CERT_PASSPHRASE,
// which the configuration refuses apart or when the file does not open; and a signed file stays
// readable after `rotate-key`, which re-seals it under the new PII key.
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';
import { createPiiCipher } from '../../server/crypto/piiCipher';
import { readKeyringFile, writeKeyringFile } from '../../server/crypto/piiKeys';
import { sealedValuePerKey } from '../../server/crypto/piiKeyUse';
import { rotatePiiKey } from '../../server/crypto/rotatePiiKey';
import { newSigningCertificate, resolveSigningCertificate, SIGNING_CERT_FILE_NAME } from '../../server/engagement/signingCertificate';
import { clearConflictCheck, poppler, signingTokenOf } from './support/engagement';
import { createdIntake, draftIntake } from './support/intakes';
import { bearer, startTestServer, testDatabases } from './support/testServer';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'signing-cert-'));
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the signing certificate', () => {
  it('is made at the first start into DATA_DIR with mode 0600, and the same one is used after', async () => {
    const dataDir = path.join(dir, 'data');
    const first = resolveSigningCertificate({ p12Path: undefined, passphrase: undefined, dataDir });
    const file = path.join(dataDir, SIGNING_CERT_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    const again = resolveSigningCertificate({ p12Path: undefined, passphrase: undefined, dataDir });
    expect(again.p12.equals(first.p12)).toBe(true);
    expect(first.subject).toBe('Intake app engagement seal');
  });

  it('is given by SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE together; one alone, a wrong passphrase or a missing file stops the start', async () => {
    const given = newSigningCertificate('Ejemplo Injury Law seal', 'correct horse');
    const file = path.join(dir, 'firm.p12');
    await writeFile(file, given.p12, { mode: 0o600 });
    const config = loadConfig({ SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: 'correct horse', DATA_DIR: path.join(dir, 'd1') });
    const opened = resolveSigningCertificate({
      p12Path: config.signingCertP12,
      passphrase: config.signingCertPassphrase,
      dataDir: config.dataDir,
    });
    expect(opened.subject).toBe('Ejemplo Injury Law seal');

    const problems = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig({ DATA_DIR: path.join(dir, 'd2'), ...env });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        return (error as ConfigError).problems;
      }
      return [];
    };
    expect(problems({ SIGNING_CERT_P12: file })).toEqual([
      'SIGNING_CERT_P12 and SIGNING_CERT_PASSPHRASE go together: give both, or neither to use the certificate made in DATA_DIR',
    ]);
    expect(problems({ SIGNING_CERT_PASSPHRASE: 'correct horse' })).toHaveLength(1);
    expect(problems({ SIGNING_CERT_P12: file, SIGNING_CERT_PASSPHRASE: 'wrong' })).toEqual([
      `SIGNING_CERT_P12 (${file}) is not a PKCS#12 file that opens with this passphrase`,
    ]);
    expect(problems({ SIGNING_CERT_P12: path.join(dir, 'none.p12'), SIGNING_CERT_PASSPHRASE: 'x' })).toEqual([
      `SIGNING_CERT_P12 (${path.join(dir, 'none.p12')}) cannot be read`,
    ]);
  });
});

describe.each(testDatabases())('a signed engagement on %s', (kind) => {
  it('is sealed with the given certificate, and re-sealed by rotate-key so it still downloads', async () => {
    const keyFile = path.join(dir, `pii-keys-${kind}`);
    writeKeyringFile(keyFile, { current: 'k1', keys: { k1: 'a'.repeat(40) } });
    const certificate = newSigningCertificate('Ejemplo Injury Law seal', 'pass phrase');
    const server = await startTestServer(kind, {
      signingCertificate: certificate,
      piiCipher: createPiiCipher({ kind: 'file', file: keyFile }),
    });
    try {
      const firm = await server.createFirm({ firmName: 'Ejemplo Injury Law' });
      const owner = await server.createUser({ firmId: firm.id, privilege: 'owner' });
      const token = await server.login(owner.email, owner.password);
      const intake = await createdIntake(server, { user: owner, token }, draftIntake({ firstName: 'Bảo', lastName: 'Trần-Ejemplo' }));
      const caseId = intake.caseId!;
      await clearConflictCheck(server, caseId, token);
      const link = await server.api.POST('/v1/intake/{caseId}/engagement', { params: { path: { caseId } }, headers: bearer(token) });
      const signing = signingTokenOf(link.data!.data.url);
      const page = await server.api.GET('/public/v1/engagement/{token}', { params: { path: { token: signing } } });
      const signed = await server.api.POST('/public/v1/engagement/{token}', {
        params: { path: { token: signing } },
        body: {
          language: 'vi',
          consent: true,
          signerName: 'Bảo Trần-Ejemplo',
          signature: { kind: 'typed', name: 'Bảo Trần-Ejemplo' },
          documentsSha256: page.data!.data.documentsSha256,
        },
      });
      const pdf = Buffer.from(signed.data!.data.pdf, 'base64');
      expect(await poppler('pdfsig', pdf)).toContain('Signer Certificate Common Name: Ejemplo Injury Law seal');

      // The start's key check tries a signed file too: its key must be at hand.
      const uses = await sealedValuePerKey(server.db);
      expect(uses.find((use) => use.column === 'engagements.signedPdf')).toMatchObject({ keyId: 'k1' });
      const before = await server.db.selectFrom('engagement_files').select('pdf_sealed').executeTakeFirstOrThrow();
      expect(before.pdf_sealed.startsWith('v1:k1:')).toBe(true);
      const result = await rotatePiiKey(server.db, { kind: 'file', file: keyFile });
      expect(result.resealed).toBeGreaterThanOrEqual(1);
      const after = await server.db.selectFrom('engagement_files').select('pdf_sealed').executeTakeFirstOrThrow();
      expect(after.pdf_sealed.startsWith(`v1:${readKeyringFile(keyFile).current}:`)).toBe(true);
      expect(readKeyringFile(keyFile).current).not.toBe('k1');
      const download = await fetch(`${server.baseUrl}/v1/intake/${caseId}/engagement/signed.pdf`, { headers: bearer(token) });
      expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
    } finally {
      await server.close();
    }
  });
});
