// The suite's budget per level (decision 74): the one place `npm test` (scripts/test.mjs) reads them
// from. docs/architecture/tests.md carries the same table ("The budget per level"), and
// tests/unit/test-budgets.test.ts fails when the two differ.
//
// CPU-seconds are what the level's processes spent (scripts/cpu-by-process.mjs's count, Chromium's
// renderers included); wall seconds are the level's span in the run (scripts/test-levels.mjs says how
// each is measured). Together the CPU budgets fit 600 s on CI's two cores with room: 960 CPU-seconds
// are 480 s of two busy cores (500 s at the 96 % a clean run keeps them busy), and CI adds `npm ci`
// (about 55 s), so the run lands near 555 s, under 600 s. The wall budgets overlap (the levels run side
// by side), so they do not add up: the total is `npm test`'s own.

/** @typedef {{ id: string, name: string, cpu: number, wall: number }} Level */

/** @type {Level[]} */
export const LEVELS = [
  { id: 'checks', name: 'guard rails, typecheck, build, deploy dry run', cpu: 140, wall: 120 },
  { id: 'unit', name: 'unit (with tests/database)', cpu: 120, wall: 120 },
  { id: 'api', name: 'API integration', cpu: 240, wall: 250 },
  { id: 'storefront', name: 'storefront integration', cpu: 130, wall: 90 },
  { id: 'e2e-state', name: 'e2e state preparation', cpu: 30, wall: 150 },
  { id: 'e2e', name: 'e2e stories', cpu: 300, wall: 330 },
];

/** `npm test` as a whole: the levels' CPU added up, and its own wall time (CI's 600 s less `npm ci`). */
export const TOTAL = { id: 'total', name: 'total', cpu: 960, wall: 540 };
