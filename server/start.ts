// `npm start` (DESIGN.md): build the client if needed, open and migrate the database, create the
// demo firm on first start, then serve the SPA and the API on one port.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { SANDBOX_CREDENTIALS, startNeosSandbox, type NeosSandbox } from '../sandbox/neos/server';
import { buildApp } from './app';
import { createMailer } from './clientIntake/mailer';
import { resolveJwtSecret } from './auth/tokens';
import { ConfigError, loadConfig, projectRoot, type Config } from './config';
import { resolveCredentialsKey } from './crypto/credentialsCipher';
import { createPiiCipher } from './crypto/piiCipher';
import { keysBesideDataWarning } from './crypto/keyPlacement';
import { resolvePiiKeySource } from './crypto/piiKeys';
import { checkPiiKeys } from './crypto/piiKeyUse';
import { openDatabase, SQLITE_FILE_NAME } from './db/database';
import { markCleanStop, SERVER_PID_FILE } from './db/sqliteChecks';
import { migrateToLatest } from './db/migrate';
import { seedDemoData, type SeedResult } from './db/seed';

function buildClientIfMissing(config: Config): void {
  if (config.staticDir === false || existsSync(path.join(config.staticDir, 'index.html'))) return;
  if (!config.staticDirIsDefault) throw new Error(`STATIC_DIR ${config.staticDir} holds no index.html`);
  console.log('No built client in dist/: running vite build ...');
  const result = spawnSync('npx', ['vite', 'build'], { cwd: projectRoot, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('vite build failed; the server cannot serve the app without it');
}

function printFirstStart(seed: SeedResult): void {
  // Printed this once only: later starts find the firm and seed nothing.
  console.log('Created the demo firm and its owner account:');
  console.log(`  email:    ${seed.ownerEmail}`);
  console.log(`  password: ${seed.generatedPassword ?? '(the OWNER_PASSWORD you set)'}`);
  if (seed.generatedPassword) console.log('  This password is shown only now. Sign in and change it on the profile page.');
  // Says only that it is there, never what it holds (docs/product/dashboard.md#demo-data).
  if (seed.demoData) console.log('Added fictional sample data to show the app (DEMO_DATA=off leaves a real firm empty).');
}

/**
 * Demo mode (DESIGN.md, Neos integration): without NEOS_API_URL the local Neos sandbox runs on
 * loopback beside the app, so the credentials form works out of the box with its made-up keys.
 */
async function neosApiUrlOf(config: Config): Promise<{ url: string; sandbox?: NeosSandbox }> {
  if (config.neosApiUrl) return { url: config.neosApiUrl };
  const sandbox = await startNeosSandbox();
  console.log(`NEOS_API_URL is not set: started the Neos sandbox on ${sandbox.url} (demo mode).`);
  console.log(
    `  Sandbox credentials: Company Id ${SANDBOX_CREDENTIALS.companyId}, API Key ${SANDBOX_CREDENTIALS.apiKey}, ` +
      `Integration Id ${SANDBOX_CREDENTIALS.integrationId}`,
  );
  return { url: sandbox.url, sandbox };
}

async function main(): Promise<void> {
  const config = loadConfig();
  buildClientIfMissing(config);

  const db = openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    postgresTimeouts: config.postgresTimeouts,
    startCheck: config.sqliteFullCheck ? 'full' : 'auto',
    onStartCheck: (check) =>
      console.log(
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
    console.warn(
      'JWT_SECRET is not set: tokens are signed with a secret kept in DATA_DIR. Instances sharing this database need one JWT_SECRET.',
    );
  }
  if (config.databaseUrl && !config.credentialsKey) {
    console.warn(
      'CREDENTIALS_KEY is not set: credentials are sealed with a key kept in DATA_DIR. Instances sharing this database need one CREDENTIALS_KEY.',
    );
  }
  const placementWarning = keysBesideDataWarning({
    production: config.production,
    pii: piiKeySource,
    credentialsKeyGiven: Boolean(config.credentialsKey),
    jwtSecretGiven: Boolean(config.jwtSecret),
  });
  if (placementWarning) console.warn(placementWarning);
  if (config.databaseUrl && piiKeySource.kind === 'file') {
    console.warn(
      'PII_KEYS is not set: SSN/ITIN are sealed with a key kept in DATA_DIR. Instances sharing this database need the same PII_KEYS.',
    );
  }
  const neos = await neosApiUrlOf(config);
  let closing = false;
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
    isClosing: () => closing,
  });

  // SIGTERM (a container runtime, a load balancer's drain) or Ctrl-C (README, Stopping): every
  // request already received is answered, idle keep-alive sockets are closed, and nothing new is
  // accepted. A client that never finishes its request cannot hold the process: requests time out
  // (REQUEST_TIMEOUT_MS) and past SHUTDOWN_TIMEOUT_MS the process exits anyway.
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: closing`);
    const deadline = setTimeout(() => {
      console.error(`Shutdown took longer than ${config.shutdownTimeoutMs} ms: closing the remaining connections and exiting.`);
      app.server.closeAllConnections();
      process.exit(1);
    }, config.shutdownTimeoutMs);
    deadline.unref();
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
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // `npm run restore` refuses while this process lives (server/db/backup.ts; SQLite only).
  if (!config.databaseUrl) writeFileSync(pidFile, `${process.pid}\n`);
  console.log(`Intake app listening on http://localhost:${config.port}`);
  if (seed) printFirstStart(seed);
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

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error('The server could not start:', error instanceof Error ? error.message : error);
  }
  process.exit(1);
});
