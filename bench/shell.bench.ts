// The login route's initial JavaScript (gzip), login latency, and the
// throughput of an authenticated GET /v1/users/me with 20 connections.
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { CHROMIUM_PATH, launchChromium, newPage } from '../tests/e2e/support/browser';
import { startE2eApp } from '../tests/e2e/support/app';
import { percentile, round, timeSequential, type BenchRow } from './support';

/** Every script the browser fetches to show /login, gzip-compressed as a server would send it. */
async function loginRouteJavaScript(baseUrl: string): Promise<BenchRow[]> {
  const browser = await launchChromium(CHROMIUM_PATH);
  try {
    const { page, context } = await newPage(browser, baseUrl);
    const scripts: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
      }
    });
    await page.goto('/login', { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    const sizes = await Promise.all(scripts);
    await context.close();
    return [
      { benchmark: 'login route: initial JavaScript, gzip', value: round(sizes.reduce((a, b) => a + b, 0) / 1024), unit: 'KiB' },
      { benchmark: 'login route: script files fetched', value: sizes.length, unit: 'files' },
    ];
  } finally {
    await browser.close();
  }
}

async function loginLatency(baseUrl: string, email: string, password: string): Promise<BenchRow[]> {
  const login = () =>
    fetch(`${baseUrl}/v1/users/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password }),
    }).then((response) => {
      if (!response.ok) throw new Error(`login answered ${response.status}`);
      return response.json();
    });
  await timeSequential(3, login); // warm-up
  const samples = await timeSequential(40, login);
  return [
    { benchmark: 'POST /v1/users/login p50', value: round(percentile(samples, 50)), unit: 'ms' },
    { benchmark: 'POST /v1/users/login p95', value: round(percentile(samples, 95)), unit: 'ms' },
  ];
}

async function currentUserThroughput(baseUrl: string, token: string): Promise<BenchRow[]> {
  const result = await autocannon({
    url: `${baseUrl}/v1/users/me`,
    connections: 20,
    duration: 10,
    headers: { authorization: `Bearer ${token}` },
  });
  if (result.non2xx > 0) throw new Error(`${result.non2xx} answers to GET /v1/users/me were not 2xx`);
  return [
    { benchmark: 'GET /v1/users/me, 20 connections: throughput', value: round(result.requests.average, 0), unit: 'req/s' },
    { benchmark: 'GET /v1/users/me, 20 connections: p99 latency', value: result.latency.p99, unit: 'ms' },
  ];
}

export async function runShellBench(): Promise<BenchRow[]> {
  const app = await startE2eApp();
  try {
    const token = await app.server.login(app.owner.email, app.owner.password);
    return [
      ...(await loginRouteJavaScript(app.baseUrl)),
      ...(await loginLatency(app.baseUrl, app.owner.email, app.owner.password)),
      ...(await currentUserThroughput(app.baseUrl, token)),
    ];
  } finally {
    await app.close();
  }
}
