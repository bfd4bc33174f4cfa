import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { patchReactTextChunks } from './vite-react-text-chunks.mjs';

// Both renderers from one source, as the storefront's build gets them: React's own and the patched one,
// each with the production React it is built against.
const require = createRequire(import.meta.url);
const cjs = (pkg: string, file: string) => join(dirname(require.resolve(pkg)), 'cjs', file);
const SERVER = cjs('react-dom', 'react-dom-server.edge.production.js');
const React = require(cjs('react', 'react.production.js'));
const ReactDOM = require(cjs('react-dom', 'react-dom.production.js'));
const source = readFileSync(SERVER, 'utf8');

type Render = (node: unknown, options?: object) => Promise<ReadableStream<Uint8Array> & { allReady: Promise<void> }>;

function load(code: string): Render {
  const module = { exports: {} as { renderToReadableStream: Render } };
  const load = (id: string) => (id === 'react' ? React : id === 'react-dom' ? ReactDOM : require(id));
  new Function('module', 'exports', 'require', code)(module, module.exports, load);
  return module.exports.renderToReadableStream;
}
const original = load(source);
const patched = load(patchReactTextChunks(source));

async function bytes(render: Render, node: unknown): Promise<Uint8Array> {
  const stream = await render(node, { bootstrapScriptContent: 'window.__ready = 1' });
  const parts: Uint8Array[] = [];
  for await (const part of stream as unknown as AsyncIterable<Uint8Array>) parts.push(part);
  return Buffer.concat(parts);
}

const h = React.createElement;

/** A value that suspends until `ms` have passed. */
function later<T>(ms: number, value: T) {
  let done: T | undefined;
  const promise = new Promise<void>((resolve) =>
    setTimeout(() => {
      done = value;
      resolve();
    }, ms),
  );
  return () => {
    if (done === undefined) throw promise;
    return done;
  };
}

/** Its text arrives after the shell, so React streams it in a script of its own. */
function Slow({ text }: { text: () => string }) {
  return h('p', { className: 'late' }, text());
}

function page(lang: 'en' | 'ar', slow: () => string) {
  const name = lang === 'ar' ? 'فيتامين د٣ ١٠٠٠ وحدة — كبسولات' : 'Vitamin D3 1000 IU — capsules & "gels"';
  return h(
    'html',
    { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' },
    h('head', null, h('title', null, name), h('meta', { name: 'description', content: `${name} <b>` })),
    h(
      'body',
      null,
      h(
        'ul',
        { className: 'cards' },
        Array.from({ length: 300 }, (_, i) =>
          h(
            'li',
            { key: i, 'data-id': i, 'aria-label': `${name} ${i}`, style: { paddingInlineStart: i % 7 } },
            h('a', { href: `/products/p-${i}?q=a&b=${i}` }, name, ' ', i),
            i % 50 === 0 ? h('p', null, name.repeat(120)) : null,
          ),
        ),
      ),
      h(React.Suspense, { fallback: h('span', null, '…') }, h(Slow, { text: slow })),
    ),
  );
}

describe('React text chunks (the storefront build renders text once per block)', () => {
  it('patches every piece it names, and refuses a React that lacks one', () => {
    const out = patchReactTextChunks(source);
    expect(out).toContain('function stringToChunk(content) {\n  return content;\n}');
    expect(() => patchReactTextChunks(source.replace('function completeWriting(', 'function finishWriting('))).toThrow(
      /completeWriting/,
    );
  });

  for (const lang of ['en', 'ar'] as const)
    it(`sends the same bytes as React's own renderer (${lang}, streamed Suspense, text over 4 kB)`, async () => {
      const [a, b] = await Promise.all([
        bytes(original, page(lang, later(5, `${lang} late text`))),
        bytes(patched, page(lang, later(5, `${lang} late text`))),
      ]);
      expect(b.length).toBeGreaterThan(100_000);
      expect(Buffer.from(b).toString('utf8')).toContain(`${lang} late text`);
      expect(Buffer.compare(a, b)).toBe(0);
    });

  it('keeps two pages rendered at once apart', async () => {
    const alone = await Promise.all([
      bytes(original, page('en', later(1, 'first'))),
      bytes(original, page('ar', later(1, 'second'))),
    ]);
    // Interleaved: each stream's flushes run between the other's, so nothing pending may leak across.
    const together = await Promise.all([
      bytes(patched, page('en', later(3, 'first'))),
      bytes(patched, page('ar', later(2, 'second'))),
      bytes(patched, page('en', later(1, 'first'))),
    ]);
    expect(Buffer.compare(together[0]!, alone[0]!)).toBe(0);
    expect(Buffer.compare(together[1]!, alone[1]!)).toBe(0);
    expect(Buffer.compare(together[2]!, alone[0]!)).toBe(0);
  });
});
