// What changed between two results' suggestions. Its own module: the quiz pages need only this, and
// the engine beside it brings the answers' schema (zod) and the safety rules into the page's script.

/** What changed between two results' suggestions (a retake): slugs added and removed, in list order. */
export function changesBetween(before: string[], after: string[]): { added: string[]; removed: string[] } {
  return { added: after.filter((s) => !before.includes(s)), removed: before.filter((s) => !after.includes(s)) };
}
