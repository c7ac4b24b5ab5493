// The client's engagement in API tests (docs/product/engagement.md): the token out of a signing
// link, a drawn signature as the page's pad makes it (a PNG), the conflict check cleared by an
// owner, and poppler's
// pdfsig and pdftotext run on a signed file.
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import type { components } from '../../../src/api/schema';
import { bearer, type TestServer } from './testServer';

const run = promisify(execFile);

export type EngagementSignature = components['schemas']['EngagementSignature'];

export function signingTokenOf(url: string): string {
  const match = /\/sign\/([^/?#]+)$/.exec(url);
  if (!match) throw new Error(`Not a signing link: ${url}`);
  return match[1]!;
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 240x80 grey-scale PNG with a dark wavy stroke: what a finger on the pad leaves. */
export function drawnSignaturePng(): Buffer {
  const width = 240;
  const height = 80;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(width + 1, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) {
      const stroke = 40 + Math.round(20 * Math.sin(x / 12));
      if (Math.abs(y - stroke) <= 1) row[x + 1] = 20;
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // grey-scale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An owner's 'cleared' on the intake's conflict check, as the intake form's panel records it. */
export async function clearConflictCheck(server: TestServer, caseId: string, ownerToken: string) {
  const { response, error } = await server.api.POST('/v1/intake/{caseId}/conflicts/decision', {
    params: { path: { caseId } },
    body: { decision: 'cleared', note: 'No conflicts found.' },
    headers: bearer(ownerToken),
  });
  if (response.status !== 200) throw new Error(`conflicts/decision answered ${response.status}: ${JSON.stringify(error)}`);
}

/** Runs a poppler tool on `pdf`, answering its standard output (and error) whatever its exit status. */
export async function poppler(tool: 'pdfsig' | 'pdftotext', pdf: Buffer, args: string[] = []): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'engagement-pdf-'));
  const file = path.join(dir, 'signed.pdf');
  try {
    await writeFile(file, pdf);
    const outputArgs = tool === 'pdftotext' ? [file, '-'] : [file];
    try {
      const { stdout, stderr } = await run(tool, [...args, ...outputArgs], { maxBuffer: 16 * 1024 * 1024 });
      return `${stdout}${stderr}`;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
