// Calls the API makes to itself for a page bundle (routes/bundle.ts) run through the whole app, with
// one difference: their env carries this mark. The bundle's own request was signed, counted and given
// its D1 session, so its inner calls skip those steps rather than repeat them. A symbol key cannot come
// from outside the isolate: no request can claim to be in-process.
const IN_PROCESS = Symbol('in-process');

export function inProcessEnv<E extends object>(env: E): E {
  return { ...env, [IN_PROCESS]: true };
}

export function isInProcess(env: unknown): boolean {
  return typeof env === 'object' && env !== null && (env as Record<symbol, unknown>)[IN_PROCESS] === true;
}
