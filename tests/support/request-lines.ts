// Both workers log one line per request (decision 16): in a test run that is noise, so it is dropped.
// vitest.config.ts drops it in Node (onConsoleLog), and the setup files of the workerd projects drop it
// inside the runtime before Vitest carries it out: about 7,000 lines a run (the API and the storefront
// run in those runtimes), each intercepted, serialised and sent over the pool's connection only to be
// thrown away in Node, about 2 ms of CPU a line.

/** A worker's closing line of a request (shared/observability/request-log.ts). */
export const isRequestLine = (line: unknown) => typeof line === 'string' && line.includes('"msg":"request"');

const INSTALLED = Symbol.for('shop.tests.quietRequestLines');

/**
 * Drops request lines at console.log in this runtime, once however many files set it up (the runtime
 * outlives a file). A test's spy on console.log wraps this and still sees every line.
 */
export function quietRequestLinesHere(): void {
  const scope = globalThis as { [INSTALLED]?: boolean };
  if (scope[INSTALLED]) return;
  scope[INSTALLED] = true;
  const write = console.log.bind(console);
  console.log = (...args: unknown[]) => {
    if (args.length === 1 && isRequestLine(args[0])) return;
    write(...args);
  };
}
