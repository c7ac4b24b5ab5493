// What `npm start` does (docs/architecture.md): build the client if needed, open and migrate the database,
// create the demo firm on first start, then serve the SPA and the API on one port. server/start.ts
// runs it with the environment and the process's signals; the browser tests run it in-process.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../sandbox/neos/server';
import { buildApp } from './app';
import { createMailer } from './clientIntake/mailer';
import { resolveSigningCertificate } from './engagement/signingCertificate';
import { resolveJwtSecret } from './auth/tokens';
import { projectRoot, type Config } from './config';
import { resolveCredentialsKey } from './crypto/credentialsCipher';
import { createPiiCipher } from './crypto/piiCipher';
import { keysBesideDataWarning } from './crypto/keyPlacement';
import { resolvePiiKeySource } from './crypto/piiKeys';
import { checkPiiKeys } from './crypto/piiKeyUse';
import { openDatabase } from './db/database';
import { SQLITE_FILE_NAME } from './db/dataDir';
import { markCleanStop, SERVER_PID_FILE } from './db/sqliteChecks';
import { migrateToLatest } from './db/migrate';
import { demoFirm, seedDemoData, type SeedResult } from './db/seed';

/** Where start writes its plain lines (the console; a test reads them). */
export interface StartOutput {
  log(line: string): void;
  warn(line: string): void;
}

export interface Booted {
  app: FastifyInstance;
  /** The port the app listens on (config.port, or the one the system chose for port 0). */
  port: number;
  /**
   * Stops accepting, answers every request already received (README, Stopping), closes the
   * sandbox and the database.
   */
  close(): Promise<void>;
}

function buildClientIfMissing(config: Config, out: StartOutput): void {
  if (config.staticDir === false || existsSync(path.join(config.staticDir, 'index.html'))) return;
  if (!config.staticDirIsDefault) throw new Error(`STATIC_DIR ${config.staticDir} holds no index.html`);
  out.log('No built client in dist/: running vite build ...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed; the server cannot serve the app without it');
}

const RULE = '='.repeat(72);

/**
 * The first start's owner account, as a block of plain lines set apart from the JSON log lines
 * around it. Printed this once only: later starts find the firm and seed nothing.
 */
export function firstStartBlock(seed: SeedResult, url: string): string[] {
  const lines = [
    '',
    RULE,
    `First start: created the firm '${demoFirm.firmName}' and its owner account.`,
    '',
    `  Sign in at: ${url}/login`,
    `  Email:      ${seed.ownerEmail}`,
    `  Password:   ${seed.generatedPassword ?? '(the OWNER_PASSWORD you set)'}`,
    '',
  ];
  if (seed.generatedPassword) {
    lines.push(
      'This password is shown only now. Sign in, open Account, press Edit, type a new',
      "password in 'Password' and 'Confirm Password', and press Save Changes.",
    );
  }
  // Says only that it is there, never what it holds (docs/product/dashboard.md#demo-data).
  if (seed.demoData) lines.push('Added fictional sample data to show the app (DEMO_DATA=off leaves a real firm empty).');
  lines.push(RULE, '');
  return lines;
}

/**
 * Demo mode (docs/architecture.md, Neos integration): without NEOS_API_URL the local Neos sandbox runs on
 * loopback beside the app, so the credentials form works out of the box with its made-up keys.
 */
async function neosApiUrlOf(config: Config, out: StartOutput): Promise<{ url: string; sandbox?: NeosSandbox }> {
  if (config.neosApiUrl) return { url: config.neosApiUrl };
  const sandbox = await startNeosSandbox();
  out.log(`NEOS_API_URL is not set: started the Neos sandbox on ${sandbox.url} (demo mode).`);
  out.log(
    `  Sandbox credentials: Company Id ${SANDBOX_CREDENTIALS.companyId}, API Key ${SANDBOX_CREDENTIALS.apiKey}, ` +
      `Integration Id ${SANDBOX_CREDENTIALS.integrationId}`,
  );
  return { url: sandbox.url, sandbox };
}

export async function boot(config: Config, out: StartOutput, isClosing: () => boolean): Promise<Booted> {
  buildClientIfMissing(config, out);

  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    postgresTimeouts: config.postgresTimeouts,
    startCheck: config.sqliteFullCheck ? 'full' : 'auto',
    onStartCheck: (check) =>
      out.log(
        check === 'full'
          ? `Checked ${SQLITE_FILE_NAME} in full (quick_check): the last stop was not a clean one, or SQLITE_FULL_CHECK=on.`
          : `The last stop was clean: checked the header and schema of ${SQLITE_FILE_NAME} (SQLITE_FULL_CHECK=on checks the whole file).`,
      ),
  });
  const piiKeySource = resolvePiiKeySource(config.piiKeys, config.dataDir);
  const keyFileMadeNow = piiKeySource.kind === 'file' && !existsSync(piiKeySource.file);
  const piiCipher = createPiiCipher(piiKeySource);
  if (config.databaseUrl) {
    // A migration may run longer than a request's statement limit (an index over a large table):
    // it gets its own connection without that limit; the connect timeout still applies.
    const migrations = openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      postgresTimeouts: { ...config.postgresTimeouts, statementMs: 0, idleInTransactionMs: 0 },
    });
    try {
      await migrateToLatest(migrations, { pii: piiCipher });
    } finally {
      await migrations.destroy();
    }
  } else {
    await migrateToLatest(db, { pii: piiCipher });
  }
  try {
    // One sealed value opened per key id in use: data restored or moved without its keys stops
    // the start here, instead of answering 500 for every intake holding an SSN (README, Backups).
    await checkPiiKeys(db, piiCipher);
  } catch (error) {
    // A key file this start generated cannot open older data: it goes, so the right one can be put there.
    if (keyFileMadeNow && piiKeySource.kind === 'file') rmSync(piiKeySource.file, { force: true });
    await db.destroy();
    throw error;
  }
  const seed = await seedDemoData(db, {
    ownerEmail: config.ownerEmail,
    ownerPassword: config.ownerPassword,
    demoData: config.demoData ? { pii: piiCipher } : undefined,
  });

  if (config.databaseUrl && !config.jwtSecret) {
    out.warn(
      'JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR. Instances sharing this database need one JWT_SECRET.',
    );
  }
  if (config.databaseUrl && !config.credentialsKey) {
    out.warn(
      'CREDENTIALS_KEY is not set: credentials are sealed with a key kept in DATA_DIR. Instances sharing this database need one CREDENTIALS_KEY.',
    );
  }
  const placementWarning = keysBesideDataWarning({
    production: config.production,
    pii: piiKeySource,
    credentialsKeyGiven: Boolean(config.credentialsKey),
    jwtSecretGiven: Boolean(config.jwtSecret),
  });
  if (placementWarning) out.warn(placementWarning);
  if (config.databaseUrl && piiKeySource.kind === 'file') {
    out.warn(
      'PII_KEYS is not set: SSN/ITIN are sealed with a key kept in DATA_DIR. Instances sharing this database need the same PII_KEYS.',
    );
  }
  const neos = await neosApiUrlOf(config, out);
  const pidFile = path.join(config.dataDir, SERVER_PID_FILE);
  const app = await buildApp({
    db,
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    staticDir: config.staticDir,
    logLevel: config.logLevel,
    trustProxy: config.trustProxy,
    neosApiUrl: neos.url,
    credentialsKey: resolveCredentialsKey(config.credentialsKey, config.dataDir),
    piiCipher,
    activityRetentionDays: config.activityRetentionDays,
    requestTimeoutMs: config.requestTimeoutMs,
    clientLinkDays: config.clientLinkDays,
    publicUrl: config.publicUrl,
    mailer: config.smtpUrl ? createMailer({ smtpUrl: config.smtpUrl, from: config.smtpFrom }) : undefined,
    engagementLinkDays: config.engagementLinkDays,
    signingCertificate: resolveSigningCertificate({
      p12Path: config.signingCertP12,
      passphrase: config.signingCertPassphrase,
      dataDir: config.dataDir,
    }),
    isClosing,
  });

  await app.listen({ port: config.port, host: config.host });
  // `npm run restore` refuses while this process lives (server/db/backup.ts; SQLite only).
  if (!config.databaseUrl) writeFileSync(pidFile, `${process.pid}\n`);
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const url = `http://localhost:${port}`;
  out.log(`Intake app listening on ${url}`);
  if (seed) for (const line of firstStartBlock(seed, url)) out.log(line);

  return {
    app,
    port,
    async close() {
      await untilReceivedIsRead(app.server);
      // Stops listening and closes the sockets idle now; answers sent from here on carry
      // `Connection: close` (app.ts), and a socket that goes idle after its answer is closed as well.
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      sweep.unref();
      await app.close();
      clearInterval(sweep);
      await neos.sandbox?.close();
      await db.destroy();
      // The next start may skip the full quick_check (README, Start checks).
      if (!config.databaseUrl) markCleanStop(path.join(config.dataDir, SQLITE_FILE_NAME));
      rmSync(pidFile, { force: true });
    },
  };
}

/**
 * Lets the event loop take in what clients sent before the signal: connections waiting in the
 * listen queue are accepted, and the requests already in their sockets are read and begin. Closing
 * at once would reset them (a closed listener drops its queue, and `server.close()` ends every
 * socket whose request has not been read yet). Each turn of the loop polls the sockets; this
 * returns after two turns in which nothing new arrived.
 */
async function untilReceivedIsRead(server: Server): Promise<void> {
  let events = 0;
  const count = () => (events += 1);
  server.on('connection', count);
  server.on('request', count);
  try {
    let quietTurns = 0;
    for (let turn = 0; turn < 1000 && quietTurns < 2; turn += 1) {
      const before = events;
      await new Promise((resolve) => setImmediate(resolve));
      quietTurns = events === before ? quietTurns + 1 : 0;
    }
  } finally {
    server.off('connection', count);
    server.off('request', count);
  }
}
