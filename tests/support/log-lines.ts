// The structured lines (shared/observability/log.ts) a console spy saw, parsed back into objects.
export function logged(spy: { mock: { calls: unknown[][] } }): unknown[] {
  return spy.mock.calls.map(([line]) => parseLine(line));
}

export function parseLine(line: unknown): unknown {
  try {
    return JSON.parse(String(line));
  } catch {
    return line;
  }
}
