// How the owner's database scripts meet failures. They end on an error with one line: the message and,
// after "because", each cause under it. Node's fetch fails with "fetch failed" alone and keeps the
// reason (a refused or reset connection, a timeout) in its cause, so without the causes the line says
// nothing to act on. And a step that can be run again safely is tried again when the failure passes.

/**
 * The error and its causes, outermost first (at most five, a loop cut short).
 * @param {unknown} error
 */
function* causes(error) {
  for (let e = error, depth = 0; e && depth < 5; depth++) {
    yield e;
    if (!(e instanceof Error) || e.cause === e) return;
    e = e.cause;
  }
}

/** @param {unknown} e */
const describe = (e) =>
  e instanceof Error ? `${e.message}${/** @type {{ code?: string }} */ (e).code ? ` (${e.code})` : ''}` : String(e);

/**
 * What went wrong, each cause after "because".
 * @param {unknown} error
 */
export function failureText(error) {
  return [...new Set([...causes(error)].map(describe))].filter(Boolean).join(', because ');
}

/** @param {unknown} error */
export const failureLine = (error) => `✖ ${failureText(error)}`;

/**
 * Node's fetch could not reach the database: Miniflare's local proxy or wrangler's remote one dropped
 * or refused the connection (D1's own passing errors are the API's `isTransientDbError`).
 * @param {unknown} error
 */
export function isTransportFailure(error) {
  return [...causes(error)].some(
    (e) =>
      e instanceof Error &&
      (/^fetch failed$|^other side closed$/i.test(e.message) ||
        /^(UND_ERR_SOCKET|UND_ERR_CONNECT_TIMEOUT|ECONNRESET|ECONNREFUSED)$/.test(
          /** @type {{ code?: string }} */ (e).code ?? '',
        )),
  );
}

/**
 * Runs a script's main function when the file is run as a script: a failure prints its line and exits 1.
 * @param {ImportMeta} meta
 * @param {(argv: string[]) => Promise<unknown>} main
 */
export function runAsScript(meta, main) {
  if (meta.url !== `file://${process.argv[1]}`) return;
  main(process.argv.slice(2)).catch((error) => {
    console.error(failureLine(error));
    process.exit(1);
  });
}

/**
 * Runs `work` (which must be safe to run again: what is done stays done) up to `attempts` times while
 * its failure `passes`, waiting `delayMs` × the attempt between tries. Any other failure, and the last
 * passing one, is thrown.
 * @template T
 * @param {() => Promise<T>} work
 * @param {(error: unknown) => boolean} passes
 * @param {{ attempts?: number, delayMs?: number, onRetry?: (error: unknown, attempt: number) => void }} [options]
 * @returns {Promise<T>}
 */
export async function retryWhilePassing(work, passes, { attempts = 3, delayMs = 500, onRetry = () => {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !passes(error)) throw error;
      onRetry(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
