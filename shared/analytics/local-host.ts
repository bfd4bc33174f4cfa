// A developer's or tester's machine: analytics are skipped there unless the server runs the
// local outbox. Its own module: the browser's entry chunk carries this and nothing else of analytics.

/** localhost, 127.0.0.1, ::1, *.localhost and *.local. */
export function isLocalHost(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '127.0.0.1' || h === '::1' || h.endsWith('.localhost') || h.endsWith('.local');
}
