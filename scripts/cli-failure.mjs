// How the owner's database scripts meet failures. They end on an error with one line: the message and,
// after "because", each cause under it. Node's fetch fails with "fetch failed" alone and keeps the
// reason (a refused or reset connection, a timeout) in its cause, so without the causes the line says
// nothing to act on. And a step that can be run again safely is tried again when only the connection
// to the database failed.

/** @param {unknown} error */
export function failureLine(error) {
  const parts = [];
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    const text = e instanceof Error ? `${e.message}${e.code ? ` (${e.code})` : ''}` : String(e);
    if (text && !parts.includes(text)) parts.push(text);
    if (!(e instanceof Error)) break;
  }
  return `✖ ${parts.join(', because ')}`;
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
 * A failure of the connection to the database (local workerd or the remote proxy), not of the work.
 * @param {unknown} error
 */
export function isConnectionLoss(error) {
  for (let e = error, depth = 0; e && depth < 5; e = e.cause, depth++) {
    const message = e instanceof Error ? e.message : String(e);
    if (/^fetch failed$|network connection lost|other side closed|ECONNRESET|ECONNREFUSED/i.test(message)) return true;
    if (e instanceof Error && /^(UND_ERR_SOCKET|ECONNRESET|ECONNREFUSED|UND_ERR_CONNECT_TIMEOUT)$/.test(e.code ?? ''))
      return true;
    if (!(e instanceof Error)) break;
  }
  return false;
}

/**
 * Runs `work` (which must be safe to run again: what is done stays done) up to `attempts` times while
 * it fails on a lost connection, waiting `delayMs` × the attempt between tries. Any other failure, and
 * the last lost connection, is thrown.
 * @template T
 * @param {() => Promise<T>} work
 * @param {{ attempts?: number, delayMs?: number, onRetry?: (error: unknown, attempt: number) => void }} [options]
 * @returns {Promise<T>}
 */
export async function retryOnConnectionLoss(work, { attempts = 3, delayMs = 500, onRetry = () => {} } = {}) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if (attempt >= attempts || !isConnectionLoss(error)) throw error;
      onRetry(error, attempt);
      await new Promise((resolve) => setTimeout(resolve, delayMs * attempt));
    }
  }
}
