// The worker's few hand-made HTML pages are written with hono/html's html`` tag: every interpolated
// string is escaped unless it is itself html`` or raw(), so escaping cannot be forgotten.
import type { HtmlEscapedString } from 'hono/utils/html';

export { html, raw } from 'hono/html';

/**
 * The text of an html`` document. Ours interpolate only strings, numbers and other html`` pieces, so
 * the tag answers synchronously; a Promise here would be a programming error, not a page.
 */
export function htmlText(doc: HtmlEscapedString | Promise<HtmlEscapedString>): string {
  if (doc instanceof Promise) throw new TypeError('html`` document with asynchronous parts');
  return doc.toString();
}

/** Escapes text for XML element content and double-quoted attribute values (the sitemap). */
export function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
