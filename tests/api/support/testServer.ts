// The real server on a temporary database, over real HTTP on 127.0.0.1 (docs/code-style.md, Tests: API).
// SQLite always; PostgreSQL too when TEST_DATABASE_URL points at a server where this user may
// create databases: each server gets its own database, dropped again by close().
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import createClient, { type Client } from 'openapi-fetch';
import pg from 'pg';
import type { paths } from '../../../src/api/schema';
import type { Privilege } from '../../../src/domain/enums';
import type { StoredUserInformation } from '../../../src/domain/schemas/user';
import { buildApp, type AppOptions } from '../../../server/app';
import { hashPassword } from '../../../server/auth/password';
import { openDatabase, type Database, type DatabaseKind } from '../../../server/db/database';
import { type PostgresTimeouts } from '../../../server/db/openPostgres';
import { migrateToLatest } from '../../../server/db/migrate';
import { createPiiCipher, sealOptional, type PiiCipher } from '../../../server/crypto/piiCipher';
import { newKeyId, newSecret } from '../../../server/crypto/piiKeys';
import { insertFirm, type Firm, type NewFirm } from '../../../server/firms/repository';
import { insertUser } from '../../../server/users/repository';
import { toUser, type User } from '../../../server/users/views';

export function testDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestUserInput {
  firmId: string;
  privilege?: Privilege;
  email?: string;
  password?: string;
  firstName?: string;
  middleName?: string | null;
  lastName?: string;
  userInformation?: Partial<StoredUserInformation>;
}

export interface TestUser extends User {
  firmId: string;
  password: string;
}

export interface TestServerOptions extends Partial<Omit<AppOptions, 'db' | 'jwtSecret'>> {
  /** PostgreSQL only: the server's connection address, rewritten (a test relay in between). */
  databaseUrl?: (url: URL) => URL | Promise<URL>;
  postgresTimeouts?: Partial<PostgresTimeouts>;
  /** Runs after buildApp and before listen: the place to add test-only routes. */
  beforeListen?: (app: FastifyInstance) => void | Promise<void>;
}

export interface TestServer {
  kind: DatabaseKind;
  baseUrl: string;
  app: FastifyInstance;
  db: Kysely<Database>;
  /** PostgreSQL: the name of the test's own database; SQLite: the DATA_DIR holding its file. */
  databaseName: string;
  /** The secret the server signs with, so tests can forge and tamper with tokens. */
  jwtSecret: string;
  /** The cipher the server seals SSN/ITIN with (the one given in options, else a fresh one). */
  pii: PiiCipher;
  /** The typed client generated from openapi.yaml, pointed at this server. */
  api: Client<paths>;
  createFirm(firm?: Partial<NewFirm>): Promise<Firm>;
  createUser(user: TestUserInput): Promise<TestUser>;
  /** Signs in through the API and returns the token. */
  login(email: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_TEST_PASSWORD = 'Sample#Pass1';

function uniqueSuffix(): string {
  return randomBytes(5).toString('hex');
}

interface Storage {
  db: Kysely<Database>;
  /** PostgreSQL: the test's own database; SQLite: its directory. */
  databaseName: string;
  dispose(): Promise<void>;
}

async function createSqliteStorage(): Promise<Storage> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'intake-api-'));
  const db = openDatabase({ dataDir });
  return {
    db,
    databaseName: dataDir,
    async dispose() {
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresStorage(adminUrl: string, options: TestServerOptions): Promise<Storage> {
  const name = `t_${uniqueSuffix()}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const direct = new URL(adminUrl);
  direct.pathname = `/${name}`;
  const url = options.databaseUrl ? await options.databaseUrl(new URL(direct)) : direct;
  const db = openDatabase({ databaseUrl: url.toString(), dataDir: tmpdir(), postgresTimeouts: options.postgresTimeouts });
  return {
    db,
    databaseName: name,
    async dispose() {
      await db.destroy();
      await withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export async function startTestServer(kind: DatabaseKind, options: TestServerOptions = {}): Promise<TestServer> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (kind === 'postgres' && !adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const storage = kind === 'postgres' ? await createPostgresStorage(adminUrl as string, options) : await createSqliteStorage();
  const { db } = storage;
  await migrateToLatest(db);

  const { beforeListen, databaseUrl: _databaseUrl, postgresTimeouts: _postgresTimeouts, ...appOptions } = options;
  const jwtSecret = randomBytes(32).toString('base64url');
  const keyId = newKeyId();
  const pii = options.piiCipher ?? createPiiCipher({ current: keyId, keys: { [keyId]: newSecret() } });
  // Every answer of every API test is checked against openapi.yaml as sent (server/http/openapi.ts).
  const app = await buildApp({ staticDir: false, checkAnswers: true, ...appOptions, piiCipher: pii, db, jwtSecret });
  await beforeListen?.(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('The test server has no TCP address');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  const api = createClient<paths>({ baseUrl });

  return {
    kind,
    baseUrl,
    app,
    db,
    databaseName: storage.databaseName,
    jwtSecret,
    pii,
    api,

    createFirm(firm = {}) {
      const suffix = uniqueSuffix();
      return insertFirm(db, {
        firmName: `Sample Firm ${suffix}`,
        firmContact: 'Sample Contact',
        firmMail: `firm-${suffix}@example.test`,
        firmAddress: '1 Sample Road, Testville',
        ...firm,
      });
    },

    async createUser(user) {
      const password = user.password ?? DEFAULT_TEST_PASSWORD;
      const info = user.userInformation ?? {};
      const row = await insertUser(db, {
        firm_id: user.firmId,
        first_name: user.firstName ?? 'Sam',
        middle_name: user.middleName ?? null,
        last_name: user.lastName ?? 'Sample',
        email: user.email ?? `user-${uniqueSuffix()}@example.test`,
        password_hash: await hashPassword(password),
        privilege: user.privilege ?? 'representative',
        phone_number: info.phoneNumber ?? null,
        usage: info.usage ?? null,
        civil_status: info.civilStatus ?? null,
        gender: info.gender ?? null,
        birth_date: info.birthDate ?? null,
        ssn: sealOptional(pii, info.ssn, 'users.ssn'),
        ssn_status: info.ssnStatus ?? null,
        itin: sealOptional(pii, info.itin, 'users.itin'),
      });
      return { ...toUser(row, pii), firmId: row.firm_id, password };
    },

    async login(email, password) {
      const { data, error, response } = await api.POST('/v1/users/login', { body: { email, password } });
      if (!data || !('token' in data.data))
        throw new Error(`Login of ${email} failed with ${response.status}: ${JSON.stringify(error ?? data)}`);
      return data.data.token;
    },

    async close() {
      await app.close();
      await storage.dispose();
    },
  };
}

/** Authorization header for a token. */
export function bearer(token: string): { Authorization: string } {
  return { Authorization: `Bearer ${token}` };
}
