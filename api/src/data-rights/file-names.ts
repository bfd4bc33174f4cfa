/** A file name safe inside an archive on every system: no path, no control or reserved characters. */
export function safeFileName(name: string): string {
  const cleaned = [...name]
    .map((ch) => (ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f || '\\/:*?"<>|'.includes(ch) ? '_' : ch))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return cleaned || 'file';
}
