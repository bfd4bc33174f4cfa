// Structured log lines for both workers: one JSON object per line, always with the worker's name and
// the request id, so Workers Logs indexes the fields and one id finds a request in both workers. One
// line each also keeps `wrangler tail` and test output readable.
// Each worker binds the logger to its own request context (worker/lib/log.ts; the api and staff workers
// through request-log.ts).

export type LogFields = Record<string, unknown>;

export interface Logger {
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

/** Errors become plain fields: console would otherwise print them as text without their name. */
function plain(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

export function logLine(
  worker: string,
  reqid: string | undefined,
  level: keyof Logger,
  msg: string,
  fields: LogFields = {},
) {
  const line: LogFields = { worker, reqid: reqid ?? 'none', level, msg };
  for (const [key, value] of Object.entries(fields)) if (!(key in line)) line[key] = plain(value);
  return line;
}

export function createLogger(worker: string, currentRequestId: () => string | undefined): Logger {
  const write = (level: keyof Logger) => (msg: string, fields?: LogFields) => {
    const line = JSON.stringify(logLine(worker, currentRequestId(), level, msg, fields));
    if (level === 'error') console.error(line);
    else if (level === 'warn') console.warn(line);
    else console.log(line);
  };
  return { info: write('info'), warn: write('warn'), error: write('error') };
}
