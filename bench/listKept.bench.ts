// Times GET /v1/intake on a database kept by bench/loadIntakes.ts (a million intakes load in
// 10-20 minutes, so plans and timings are studied on one load): each scenario's HTTP time and the
// repository's own time (listIntakes, the queries alone), interleaved request by request, median
// and p95. With --after-burst, each round first runs 3 s of 20-connection load, as
// bench/intakes.bench.ts does between its rounds, to show what that does to the next requests.
//   npx tsx bench/listKept.bench.ts --sqlite /work/benchdata/list-1m
//   npx tsx bench/listKept.bench.ts --postgres postgres://.../bench_list_1m --info /work/benchdata/pg.json
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/database';
import { migrateToLatest } from '../server/db/migrate';
import { listIntakes } from '../server/intakes/repository';
import { parseSearch } from '../server/intakes/search';
import { percentile, round } from './support';

function option(name: string): string | undefined {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

interface LoadInfo {
  intakes: number;
  firmId: string;
  email: string;
  password: string;
  finals: number;
  expected: Record<string, number>;
  oneClient: { name: string; phone: string };
}

async function main(): Promise<void> {
  const sqliteDir = option('--sqlite');
  const databaseUrl = option('--postgres');
  const only = option('--only')?.split(',');
  const requests = Number(option('--requests') ?? 40);
  const info = JSON.parse(await readFile(option('--info') ?? path.join(sqliteDir ?? '', 'load.json'), 'utf8')) as LoadInfo;
  const db = openDatabase(databaseUrl ? { databaseUrl, dataDir: '/tmp' } : { dataDir: sqliteDir as string });
  await migrateToLatest(db);
  const logStream = createWriteStream('/dev/null');
  const app = await buildApp({
    db,
    jwtSecret: randomBytes(32).toString('base64url'),
    staticDir: false,
    rateLimitPerMinute: false,
    logLevel: 'info',
    logStream,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  const base = `http://127.0.0.1:${address.port}`;
  const login = await fetch(`${base}/v1/users/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: info.email, password: info.password }),
  });
  const { data } = (await login.json()) as { data: { token: string; id: string } };
  const headers = { authorization: `Bearer ${data.token}` };
  const lastOffset = Math.floor((info.intakes - 1) / 10) * 10;
  const scenarios = [
    { name: 'page 1', query: {}, total: info.intakes },
    { name: 'last page', query: { offSetValue: lastOffset }, total: info.intakes },
    { name: 'garcia', query: { searchFilter: 'garcia' }, total: info.expected.garcia },
    { name: 'mar', query: { searchFilter: 'mar' }, total: info.expected.mar },
    { name: 'one by name', query: { searchFilter: info.oneClient.name }, total: 1 },
    { name: 'one by phone', query: { searchFilter: info.oneClient.phone }, total: 1 },
    { name: 'final page 1', query: { status: 'final' as const }, total: info.finals },
  ].filter((scenario) => !only || only.includes(scenario.name));
  const http = new Map<string, number[]>();
  const direct = new Map<string, number[]>();
  const burst = process.argv.includes('--after-burst');
  for (let index = 0; index < requests; index += 1) {
    if (burst && index % 20 === 0) {
      await autocannon({ url: `${base}/v1/users/me`, connections: 20, duration: 3, headers });
    }
    for (const scenario of scenarios) {
      const params = new URLSearchParams(Object.entries(scenario.query).map(([key, value]) => [key, String(value)]));
      let start = performance.now();
      const response = await fetch(`${base}/v1/intake?${params}`, { headers });
      const body = (await response.json()) as { data: { record: unknown[]; totalRecords: number } };
      http.set(scenario.name, [...(http.get(scenario.name) ?? []), performance.now() - start]);
      if (body.data.totalRecords !== scenario.total)
        throw new Error(`${scenario.name}: total ${body.data.totalRecords}, expected ${scenario.total}`);
      const q = scenario.query as { offSetValue?: number; searchFilter?: string; status?: 'final' };
      start = performance.now();
      await listIntakes(db, {
        firmId: info.firmId,
        status: q.status,
        search: parseSearch(q.searchFilter),
        limit: 10,
        offset: q.offSetValue ?? 0,
      });
      direct.set(scenario.name, [...(direct.get(scenario.name) ?? []), performance.now() - start]);
    }
  }
  console.table(
    scenarios.map(({ name }) => ({
      scenario: name,
      'http p50': round(percentile(http.get(name) ?? [], 50), 2),
      'http p95': round(percentile(http.get(name) ?? [], 95), 2),
      'queries p50': round(percentile(direct.get(name) ?? [], 50), 2),
      'queries p95': round(percentile(direct.get(name) ?? [], 95), 2),
    })),
  );
  await app.close();
  await db.destroy();
  logStream.end();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
