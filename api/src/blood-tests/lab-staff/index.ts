// The back office's side of blood tests: the day's visits, results entry and approval by a
// second person. Health data: every read writes an audit row in the batch that reads, every change
// its row in the batch that changes. Records are checked against the grant for their own country.
// One file per task: visits.ts (the day's visits and a visit's steps), results.ts (entering results),
// approval.ts (the second person's approval), worklist.ts (what waits for results); what they share:
// order-head.ts (the order a step acts on, the guard for a lost race), result-rows.ts, units.ts.
export { approveResults } from './approval';
export { changedGuard } from './order-head';
export { orderResults, saveResults } from './results';
export { advanceVisit, dayVisits } from './visits';
export { pendingResults } from './worklist';
