// Every relative link in README.md and docs/**/*.md leads somewhere: the file exists, and a #fragment
// into a Markdown file names one of its headings. The docs are split by task (issue 45), so a page
// that moves or a heading that is renamed must take its links along.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

function markdownUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(path);
    return e.name.endsWith('.md') ? [path] : [];
  });
}

/** The text without fenced code blocks and inline code spans, where brackets are not links. */
function withoutCode(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`]*?\1/g, '');
}

/** Inline links and images: `[text](target)` or `[text](target "title")`. */
function linkTargets(text: string): string[] {
  return [...withoutCode(text).matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_]/g, '')
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = [...withoutCode(readFileSync(file, 'utf8')).matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)];
  return new Set(headings.map((m) => anchorOf(m[1]!)));
}

/** What is wrong with one link of `from`, or null when it leads somewhere. */
function brokenLink(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // https:, mailto:
  const [path, fragment] = target.split('#', 2) as [string, string | undefined];
  const file = path === '' ? from : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `${target}: no such file`;
  if (fragment && statSync(file).isFile() && file.endsWith('.md') && !anchorsIn(file).has(fragment))
    return `${target}: no heading #${fragment}`;
  return null;
}

const files = [join(root, 'README.md'), ...markdownUnder(join(root, 'docs'))];

describe('relative Markdown links', () => {
  it('finds links the way a reader sees them', () => {
    expect(linkTargets('[a](b.md) `[c](d.md)` ![e](f.png "t")\n```\n[g](h.md)\n```\n')).toEqual(['b.md', 'f.png']);
    expect(anchorOf('Data rights: export, `erase` & retention')).toBe('data-rights-export-erase--retention');
  });

  it('reports a file that does not exist and a heading that does not', () => {
    const readme = join(root, 'README.md');
    expect(brokenLink(readme, 'docs/no-such-page.md')).toContain('no such file');
    expect(brokenLink(readme, 'docs/data-fates.md#no-such-heading')).toContain('no heading');
    expect(brokenLink(readme, 'docs/data-fates.md')).toBeNull();
    expect(brokenLink(readme, 'https://example.com/x')).toBeNull();
  });

  it.each(files.map((f) => relative(root, f)))('%s: every relative link resolves', (file) => {
    const from = join(root, file);
    const broken = linkTargets(readFileSync(from, 'utf8'))
      .map((target) => brokenLink(from, target))
      .filter((b) => b !== null);
    expect(broken).toEqual([]);
  });
});
