// `npm test`'s account per level (decision 74): which level a test file is, each level's span, and how
// the CPU of one measured command is shared among the files or stories it ran.
//
// The unit, api and storefront projects run in ONE Vitest process (vitest.config.ts), whose workers
// and workerd runtimes cannot be told apart by project from outside. So the Vitest run's CPU (every
// process it started, sampled once a second: scripts/cpu-by-process.mjs) is shared by time: each
// second's CPU goes to the files running in that second (Vitest's JSON report gives each file's first
// test's start and last test's end), in proportion to how much of the second each ran; a second in
// which no file ran (a project's runtimes starting, a file's imports before its first test) goes to
// the next file to start, or, after the last, to the last to end. The storefront project runs alone,
// after the others (its own group), so its share is close to exact; unit and api overlap while the
// first worker to finish its unit files starts the api runtime, and there the split is by time, not
// by who computed. The e2e stories' CPU (Chromium, Playwright, the e2e shop) is shared among the
// stories the same way, for the per-story map (scripts/test-cost-map.mjs).

/** @typedef {{ key: string, level: string, start: number, end: number, tests?: number }} Item */

/** The Vitest project of a test file, by the include patterns of vitest.config.ts. */
export function projectOf(/** @type {string} */ path) {
  if (/(^|\/)tests\/integration\/api\//.test(path)) return 'api';
  if (/(^|\/)tests\/integration\/storefront\//.test(path)) return 'storefront';
  return 'unit';
}

/**
 * Vitest's JSON report as items: each file with its project, its span and its number of tests. A file
 * that ran no test (it did not load) has no span and is left out.
 * @param {{ testResults?: { name: string, startTime?: number, endTime?: number, assertionResults?: unknown[] }[] }} report
 * @param {string} [root] stripped from the files' paths
 * @returns {Item[]}
 */
export function vitestItems(report, root = '') {
  return (report.testResults ?? [])
    .filter((f) => Number.isFinite(f.startTime) && Number.isFinite(f.endTime))
    .map((f) => ({
      key: root && f.name.startsWith(root) ? f.name.slice(root.length).replace(/^\//, '') : f.name,
      level: projectOf(f.name),
      start: /** @type {number} */ (f.startTime),
      end: /** @type {number} */ (f.endTime),
      tests: f.assertionResults?.length ?? 0,
    }));
}

/**
 * Playwright's JSON report as items: each story (a test of a spec file), from its first run's start to
 * its last run's end (a retry included).
 * @param {{ suites?: PlaywrightSuite[] }} report
 * @returns {Item[]}
 * @typedef {{ file?: string, title?: string, suites?: PlaywrightSuite[], specs?: { title: string, file?: string,
 *   tests?: { results?: { startTime?: string, duration?: number }[] }[] }[] }} PlaywrightSuite
 */
export function playwrightItems(report) {
  /** @type {Item[]} */
  const items = [];
  const walk = (/** @type {PlaywrightSuite} */ suite, /** @type {string[]} */ titles) => {
    for (const spec of suite.specs ?? []) {
      const runs = (spec.tests ?? []).flatMap((t) => t.results ?? []).filter((r) => r.startTime);
      if (runs.length === 0) continue;
      const start = Math.min(...runs.map((r) => Date.parse(/** @type {string} */ (r.startTime))));
      const end = Math.max(...runs.map((r) => Date.parse(/** @type {string} */ (r.startTime)) + (r.duration ?? 0)));
      const file = spec.file ?? suite.file ?? '';
      items.push({ key: `${file} › ${[...titles, spec.title].join(' › ')}`, level: 'e2e', start, end, tests: 1 });
    }
    for (const child of suite.suites ?? [])
      walk(child, child.title && child.title !== child.file ? [...titles, child.title] : titles);
  };
  for (const suite of report.suites ?? []) walk(suite, []);
  return items;
}

/**
 * Shares a measured series of CPU-seconds among items by time (the rule in this file's head).
 * @param {[number, number][]} series each sample's time (ms) and the CPU-seconds spent in the second before it
 * @param {Item[]} items
 * @param {number} [interval] the sampling interval in ms
 * @returns {Map<string, number>} CPU-seconds per item's key; what no item can take is under ''
 */
export function shareByTime(series, items, interval = 1000) {
  const share = new Map(items.map((i) => [i.key, 0]));
  const add = (/** @type {string} */ key, /** @type {number} */ cpu) => share.set(key, (share.get(key) ?? 0) + cpu);
  const byStart = [...items].sort((a, b) => a.start - b.start);
  for (const [t, cpu] of series) {
    const from = t - interval;
    const overlaps = items
      .map((i) => ({ key: i.key, ms: Math.min(i.end, t) - Math.max(i.start, from) }))
      .filter((o) => o.ms > 0);
    const ran = overlaps.reduce((n, o) => n + o.ms, 0);
    if (ran > 0) {
      for (const o of overlaps) add(o.key, (cpu * o.ms) / ran);
      continue;
    }
    const next = byStart.find((i) => i.start >= from);
    const previous = byStart.filter((i) => i.end <= t).sort((a, b) => b.end - a.end)[0];
    add(next?.key ?? previous?.key ?? '', cpu);
  }
  return share;
}

/**
 * Each level's span (first start to last end, in seconds) and its items' CPU added up.
 * @param {Item[]} items
 * @param {Map<string, number>} [share]
 * @returns {Record<string, { wall: number, cpu?: number }>}
 */
export function levelFigures(items, share) {
  /** @type {Record<string, { start: number, end: number, cpu?: number }>} */
  const spans = {};
  for (const i of items) {
    spans[i.level] ??= { start: i.start, end: i.end, ...(share ? { cpu: 0 } : {}) };
    const s = spans[i.level];
    s.start = Math.min(s.start, i.start);
    s.end = Math.max(s.end, i.end);
    if (share && s.cpu !== undefined) s.cpu += share.get(i.key) ?? 0;
  }
  return Object.fromEntries(
    Object.entries(spans).map(([level, s]) => [
      level,
      { wall: (s.end - s.start) / 1000, ...(s.cpu !== undefined ? { cpu: s.cpu } : {}) },
    ]),
  );
}

/**
 * The table `npm test` prints, each level's wall and CPU against its budget, and the one line that
 * names the levels over budget. A figure that was not measured prints as "–" and is over nothing.
 * @param {Record<string, { wall?: number, cpu?: number }>} figures by level id (and 'total')
 * @param {import('./test-budgets.mjs').Level[]} levels
 * @param {import('./test-budgets.mjs').Level} total
 */
export function budgetReport(figures, levels, total) {
  const n = (/** @type {number | undefined} */ v) => (v === undefined ? '–' : v.toFixed(1)).padStart(8);
  const over = [];
  const lines = [`  ${'level'.padEnd(48)}   wall s  budget    CPU-s  budget`];
  for (const level of [...levels, total]) {
    const f = figures[level.id] ?? {};
    const overWall = f.wall !== undefined && f.wall > level.wall;
    const overCpu = f.cpu !== undefined && f.cpu > level.cpu;
    if (overWall || overCpu) {
      const what = [
        overCpu ? `${Math.round(/** @type {number} */ (f.cpu))} of ${level.cpu} CPU-seconds` : '',
        overWall ? `${Math.round(/** @type {number} */ (f.wall))} of ${level.wall} s` : '',
      ].filter(Boolean);
      over.push(`${level.name} (${what.join(', ')})`);
    }
    const mark = overWall || overCpu ? '✖' : ' ';
    lines.push(
      `${mark} ${level.name.padEnd(48)} ${n(f.wall)} ${String(level.wall).padStart(7)} ${n(f.cpu)} ${String(level.cpu).padStart(7)}`,
    );
  }
  lines.push(`levels over budget: ${over.length > 0 ? over.join('; ') : 'none'}`);
  return lines;
}
