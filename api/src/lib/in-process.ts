// Calls the API makes to itself for a page bundle (routes/bundle.ts) run through the whole app, with
// one difference: their env carries this mark. The bundle's own request was signed, counted and given
// its D1 session, so its inner calls skip those steps rather than repeat them. A symbol key cannot come
// from outside the isolate: no request can claim to be in-process.
import { derivedEnv } from './derived-env';
const IN_PROCESS = Symbol('in-process');
// The signed-in user a bundle's calls share: they carry one bearer token, so its session is read once for
// all of them (three signed-in reads of a page cost one session lookup, not three).
const SESSIONS = Symbol('bundle-sessions');

export function inProcessEnv<E extends object>(env: E): E {
  return derivedEnv(env, { [IN_PROCESS]: true, [SESSIONS]: new Map<string, Promise<unknown>>() });
}

/** The bundle's sessions by token, for its inner calls; null outside a bundle. */
export function bundleSessions<T>(env: unknown): Map<string, Promise<T>> | null {
  if (typeof env !== 'object' || env === null) return null;
  return ((env as Record<symbol, unknown>)[SESSIONS] as Map<string, Promise<T>> | undefined) ?? null;
}

export function isInProcess(env: unknown): boolean {
  return typeof env === 'object' && env !== null && (env as Record<symbol, unknown>)[IN_PROCESS] === true;
}

// The storefront's own door (decision 78): the API's named entrypoint `StorefrontDoor`, which only a
// service binding can reach, runs the app with this mark in its env. No request from the internet can
// carry it (a symbol, set by the entrypoint's code), so a call that has it needs no signature: the
// binding is the proof of who sent it, and a call that never crossed a network cannot be replayed.
const THROUGH_DOOR = Symbol('storefront-door');

/** The env of what came through the door: one per env (the same object for every call, as the env is). */
export function doorEnv<E extends object>(env: E): E {
  let marked = doorEnvs.get(env) as E | undefined;
  if (!marked) {
    marked = derivedEnv(env, { [THROUGH_DOOR]: true });
    doorEnvs.set(env, marked);
  }
  return marked;
}

const doorEnvs = new WeakMap<object, object>();

export function cameThroughDoor(env: unknown): boolean {
  return typeof env === 'object' && env !== null && (env as Record<symbol, unknown>)[THROUGH_DOOR] === true;
}
