// The soak step: mixed page views against the built shop, with the live JavaScript heap of the
// storefront and API isolates read through workerd's V8 inspector after a full garbage collection,
// at 0, 1,000 and 10,000 requests. A deployed isolate has 128 MB for everything (decision 39), so what
// matters is whether the heap that survives a collection grows with the requests served: the process's
// resident memory also holds workerd's own caches and is no measure of the isolate.
//
// A heap snapshot at each mark says which kinds of object hold the memory; the step reports the ones
// that grew most between 1,000 and 10,000 requests, the place to look when the heap does not level off.

const INSPECTOR_TIMEOUT_MS = 120_000;

/** One inspector session with a worker: call a method, and collect events of a kind while it runs. */
async function inspect(port, worker) {
  // The local inspector proxy accepts only DevTools-like clients: a localhost Origin says we are one.
  const ws = new WebSocket(`ws://127.0.0.1:${port}/${worker}`, { headers: { origin: 'http://localhost' } });
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve, { once: true });
    ws.addEventListener('error', () => reject(new Error(`inspector of ${worker} on ${port} did not open`)), {
      once: true,
    });
  });
  let next = 0;
  const waiting = new Map();
  const listeners = new Set();
  ws.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data));
    if (message.id !== undefined && waiting.has(message.id)) {
      const { resolve, reject } = waiting.get(message.id);
      waiting.delete(message.id);
      if (message.error) reject(new Error(`${worker}: ${message.error.message}`));
      else resolve(message.result);
    } else for (const listen of listeners) listen(message);
  });
  const call = (method, params = {}) =>
    new Promise((resolve, reject) => {
      const id = ++next;
      const timer = setTimeout(() => reject(new Error(`${worker}: ${method} timed out`)), INSPECTOR_TIMEOUT_MS);
      waiting.set(id, {
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify({ id, method, params }));
    });
  return { call, listeners, close: () => ws.close() };
}

/**
 * The heap that survives a full collection: workerd's inspector has no HeapProfiler.collectGarbage, but
 * V8 collects garbage before it writes a heap snapshot, so the snapshot's objects are the live heap and
 * the heap usage read right after it is the collected size.
 */
async function measure(session) {
  await session.call('HeapProfiler.enable');
  const chunks = [];
  const listen = (m) => m.method === 'HeapProfiler.addHeapSnapshotChunk' && chunks.push(m.params.chunk);
  session.listeners.add(listen);
  await session.call('HeapProfiler.takeHeapSnapshot', { reportProgress: false, captureNumericValue: false });
  session.listeners.delete(listen);
  const usage = await session.call('Runtime.getHeapUsage');
  const byKind = kindsOf(JSON.parse(chunks.join('')));
  const liveBytes = Object.values(byKind).reduce((n, k) => n + k.bytes, 0);
  return { liveBytes, usedBytes: usage.usedSize, totalBytes: usage.totalSize, byKind };
}

/** Self size and count per constructor (or node type) of a V8 heap snapshot. */
function kindsOf(snapshot) {
  const fields = snapshot.snapshot.meta.node_fields;
  const types = snapshot.snapshot.meta.node_types[0];
  const width = fields.length;
  const at = { type: fields.indexOf('type'), name: fields.indexOf('name'), size: fields.indexOf('self_size') };
  const kinds = new Map();
  const { nodes, strings } = snapshot;
  for (let i = 0; i < nodes.length; i += width) {
    const type = types[nodes[i + at.type]];
    const kind = type === 'object' || type === 'closure' ? `${type}:${strings[nodes[i + at.name]]}` : type;
    const entry = kinds.get(kind) ?? { bytes: 0, count: 0 };
    entry.bytes += nodes[i + at.size];
    entry.count += 1;
    kinds.set(kind, entry);
  }
  return Object.fromEntries(kinds);
}

/** The object kinds that grew most from one snapshot to the next. */
function growth(before, after, top = 8) {
  return Object.entries(after)
    .map(([kind, a]) => ({
      kind,
      bytes: a.bytes - (before[kind]?.bytes ?? 0),
      count: a.count - (before[kind]?.count ?? 0),
    }))
    .sort((x, y) => y.bytes - x.bytes)
    .slice(0, top);
}

/** `total` GETs spread over the paths, `concurrency` at a time; failures are counted, not thrown. */
async function load(base, paths, total, concurrency, cookie) {
  let sent = 0;
  let failed = 0;
  const worker = async () => {
    while (sent < total) {
      const path = paths[sent++ % paths.length];
      try {
        // Rendered each time (a hard reload), not served from the page cache: the soak measures renders.
        const res = await fetch(base + path, { headers: { cookie, 'cache-control': 'no-cache' } });
        await res.arrayBuffer();
        if (res.status >= 500) failed++;
      } catch {
        failed++;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return failed;
}

const MB = 1024 * 1024;
const mb = (bytes) => Math.round((bytes / MB) * 10) / 10;

/**
 * Runs the soak: marks at 0 (after a warm-up), 1,000 and 10,000 requests of mixed pages. `workers`
 * names the inspector targets (the wrangler names of the storefront and API workers).
 */
export async function soak({ base, inspectorPort, paths, cookie, workers, marks = [1_000, 10_000], concurrency = 8 }) {
  const sessions = Object.fromEntries(
    await Promise.all(workers.map(async (w) => [w, await inspect(inspectorPort, w)])),
  );
  const out = { paths, concurrency, marks: {}, failed: 0 };
  const mark = async (label) => {
    out.marks[label] = {};
    for (const [w, s] of Object.entries(sessions)) out.marks[label][w] = await measure(s);
  };
  try {
    // Warm-up: every page once, so lazily built modules and caches are in the baseline.
    out.failed += await load(base, paths, paths.length * 3, concurrency, cookie);
    await mark('0');
    let served = 0;
    for (const n of marks) {
      out.failed += await load(base, paths, n - served, concurrency, cookie);
      served = n;
      await mark(String(n));
    }
  } finally {
    for (const s of Object.values(sessions)) s.close();
  }
  const [first, last] = marks.map(String);
  out.summary = {};
  for (const w of workers) {
    const at = (label) => out.marks[label][w];
    out.summary[w] = {
      liveHeapMb: Object.fromEntries(Object.keys(out.marks).map((label) => [label, mb(at(label).liveBytes)])),
      // Bytes kept per request between the two marks: what would fill 128 MB if the heap never levelled off.
      bytesPerRequestAfterFirstMark: Math.round((at(last).liveBytes - at(first).liveBytes) / (marks[1] - marks[0])),
      grewMost: growth(at(first).byKind, at(last).byKind),
    };
    for (const label of Object.keys(out.marks)) delete out.marks[label][w].byKind;
    out.summary[w].growthFromFirstMarkPercent =
      Math.round(((at(last).liveBytes - at(first).liveBytes) / at(first).liveBytes) * 1000) / 10;
  }
  return out;
}
