// React's streaming renderer for the edge (react-dom-server.edge.production.js) turns every piece of a
// page into bytes as it goes: each attribute value, text and tag part is a TextEncoder.encode call into
// the runtime and a small Uint8Array, then copied into a 4 kB view. A listing page is thousands of such
// pieces, and in workerd each call crosses into C++ and each array is a backing store for the garbage
// collector: profiled, about a fifth of the storefront's render CPU went to them.
//
// This transform keeps the pieces as text and encodes once per 2,048 characters or flush: the same bytes
// in the same order (scripts/vite-react-text-chunks.test.ts renders pages through both and compares).
// Strings are what React's own Bun build writes; a changed React release that no longer matches a piece
// below fails the build instead of shipping unpatched.

const FILE = /[\\/]react-dom[\\/]cjs[\\/]react-dom-server\.edge\.production\.js$/;

/** Text kept before it is encoded: half the 4 kB view React copies into, so a block rarely splits. */
const PENDING_CHARS = 2048;

/** [what React has, what the shop's build has instead] — each must occur exactly once. */
const REPLACEMENTS = [
  [
    'function writeChunk(destination, chunk) {\n',
    `var pendingText = "";
function flushPendingText(destination) {
  if (0 !== pendingText.length) {
    var bytes = textEncoder.encode(pendingText);
    pendingText = "";
    writeBytes(destination, bytes);
  }
}
function writeChunk(destination, chunk) {
  if ("string" === typeof chunk) {
    pendingText += chunk;
    pendingText.length >= ${PENDING_CHARS} && flushPendingText(destination);
    return;
  }
  flushPendingText(destination);
  writeBytes(destination, chunk);
}
function writeBytes(destination, chunk) {
`,
  ],
  [
    'function completeWriting(destination) {\n',
    'function completeWriting(destination) {\n  flushPendingText(destination);\n',
  ],
  [
    'function stringToChunk(content) {\n  return textEncoder.encode(content);\n}',
    'function stringToChunk(content) {\n  return content;\n}',
  ],
  [
    'function stringToPrecomputedChunk(content) {\n  return textEncoder.encode(content);\n}',
    'function stringToPrecomputedChunk(content) {\n  return content;\n}',
  ],
  // The size React weighs when it decides to stream a finished boundary on its own: characters for text.
  [
    'function byteLengthOfChunk(chunk) {\n  return chunk.byteLength;\n}',
    'function byteLengthOfChunk(chunk) {\n  return "string" === typeof chunk ? chunk.length : chunk.byteLength;\n}',
  ],
  ['segmentByteSize += segment[i].byteLength;', 'segmentByteSize += byteLengthOfChunk(segment[i]);'],
];

/** The renderer's source with text chunks; throws when React's source no longer has a piece. */
export function patchReactTextChunks(code) {
  let out = code;
  for (const [from, to] of REPLACEMENTS) {
    const at = out.indexOf(from);
    if (at === -1 || out.indexOf(from, at + from.length) !== -1)
      throw new Error(
        `react-text-chunks: react-dom-server.edge.production.js no longer has exactly one ${JSON.stringify(from.split('\n')[0])}; check scripts/vite-react-text-chunks.mjs against this React release`,
      );
    out = out.slice(0, at) + to + out.slice(at + from.length);
  }
  return out;
}

/** @returns {import('vite').Plugin} */
export function reactTextChunks() {
  return {
    name: 'react-text-chunks',
    enforce: 'pre',
    transform(code, id) {
      if (!FILE.test(id.split('?')[0])) return;
      return { code: patchReactTextChunks(code), map: null };
    },
  };
}
