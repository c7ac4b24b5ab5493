// Comments say why and point at the repository's own docs (docs/code-style.md, Comments): a
// comment that cites a file the repository does not hold, or a heading that file does not have,
// sends the next reader nowhere. This reads every comment of the code and checks each citation.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** The tracked and untracked (not ignored) source files git knows, as a fresh clone holds them. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  return listed
    .split('\n')
    .filter((file) => /\.(ts|tsx|mjs|js|cjs)$/.test(file) && !file.endsWith('.d.ts'))
    .filter((file) => existsSync(path.join(root, file)));
}

/** The comment text of each line: after `//`, or a line of a block comment. Strings are rare enough here. */
function commentsOf(source: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  let inBlock = false;
  source.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (inBlock || line.startsWith('/*')) {
      comments.push({ line: index + 1, text: line });
      inBlock = !line.includes('*/');
      return;
    }
    const slashes = raw.search(/(^|[\s;,{}()])\/\/ /);
    if (slashes >= 0) comments.push({ line: index + 1, text: raw.slice(slashes) });
  });
  return comments;
}

/** GitHub's anchor of a Markdown heading. */
function slugOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

const anchorsByFile = new Map<string, Set<string>>();
function anchorsOf(file: string): Set<string> {
  let anchors = anchorsByFile.get(file);
  if (!anchors) {
    const headings = readFileSync(path.join(root, file), 'utf8')
      .split('\n')
      .filter((line) => /^#{1,6} /.test(line))
      .map((line) => slugOf(line.replace(/^#+ /, '')));
    anchors = new Set(headings);
    anchorsByFile.set(file, anchors);
  }
  return anchors;
}

// A citation: a path ending in .md, with an optional #anchor; anything glued on after it (a second
// path pasted onto the first) makes it unreadable.
const CITATION = /(?<![\w./-])((?:[\w-]+\/)*[\w-]+\.md)(#[\w-]+)?((?:[-/]|\.[A-Za-z])[\w/.-]*)?/g;

describe('citations in comments', () => {
  it('every file a comment cites is in the repository, with the heading it names', () => {
    const broken: string[] = [];
    for (const file of sourceFiles()) {
      const source = readFileSync(path.join(root, file), 'utf8');
      for (const { line, text } of commentsOf(source)) {
        for (const [, cited, anchor, glued] of text.matchAll(CITATION)) {
          const where = `${file}:${line} cites ${cited}${anchor ?? ''}${glued ?? ''}`;
          if (glued) broken.push(`${where} (not one path)`);
          else if (!existsSync(path.join(root, cited))) broken.push(where);
          else if (anchor && !anchorsOf(cited).has(anchor.slice(1))) broken.push(`${where} (no such heading)`);
        }
      }
    }
    expect(broken).toEqual([]);
  });
});
