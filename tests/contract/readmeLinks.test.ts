// The README points only at what exists: every relative link and every cited repository file
// (docs/..., server/..., tests/...) is there, every #anchor names a heading of its file, and
// nothing points outside the repository (a clone has no ../shared).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
  return new Set([...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug(match[1]!)));
}

/** Problems with one target (`path`, `path#anchor` or `#anchor`), relative to the README. */
function problemsOf(target: string): string[] {
  const [file, anchor] = target.split('#') as [string, string | undefined];
  const resolved = path.resolve(root, file || 'README.md');
  if (!resolved.startsWith(`${root}${path.sep}`)) return [`${target} points outside the repository`];
  if (!existsSync(resolved)) return [`${target}: no such file`];
  if (anchor && resolved.endsWith('.md') && !anchorsOf(resolved).has(anchor)) return [`${target}: no such section`];
  return [];
}

describe('README links', () => {
  it('every relative link and #anchor exists, and none points outside the repository', () => {
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1]!).filter((target) => !/^[a-z]+:/i.test(target));
    expect(links).toContain('#backups');
    expect(links).toContain('#proof-under-faults');
    expect(links.flatMap(problemsOf)).toEqual([]);
  });

  it('every repository file it cites exists, with its #anchor', () => {
    const cited = [
      ...readme.matchAll(/(?<![\w/.])((?:docs|server|src|tests|scripts|bench)\/[\w./-]*\.(?:md|tsx|ts|yaml|mjs)(?!\w)(?:#[\w-]+)?)/g),
    ].map((match) => match[1]!);
    expect(cited.length).toBeGreaterThan(10);
    expect([...new Set(cited)].flatMap(problemsOf)).toEqual([]);
  });

  it('names nothing outside the repository', () => {
    expect(readme.match(/\.\.\/[\w.-]+/g) ?? []).toEqual([]);
  });
});
