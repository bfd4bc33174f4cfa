// The signed-in user, from the bearer token. Resolved only when a route asks for it (so catalogue
// requests of signed-in shoppers cost no extra D1 query) and then kept for the request.
import type { Context } from 'hono';
import { ApiError } from '#api/src/lib/errors';
import { userForToken, type SessionUser } from '#api/src/accounts/sessions';
import type { AppEnv } from '#api/src/app-env';
import { bundleSessions } from '#api/src/lib/in-process';

const resolved = new WeakMap<Request, Promise<SessionUser | null>>();

/** The request's session token, for a route that finds her in its own statements (meByToken). */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  return /^Bearer ([0-9a-f]{64})$/.exec(c.req.header('authorization') ?? '')?.[1];
}

export function currentUser(c: Context<AppEnv>): Promise<SessionUser | null> {
  let user = resolved.get(c.req.raw);
  if (!user) {
    const token = bearerToken(c);
    // A page bundle's calls share one lookup (lib/in-process.ts): they run in parallel as one user.
    const shared = token ? bundleSessions<SessionUser | null>(c.env) : null;
    user = shared?.get(token!) ?? (token ? userForToken(c.env.DB, token) : Promise.resolve(null));
    if (shared && token) shared.set(token, user);
    resolved.set(c.req.raw, user);
  }
  return user;
}

export async function requireUser(c: Context<AppEnv>): Promise<SessionUser> {
  const user = await currentUser(c);
  if (!user) throw new ApiError(401, 'unauthorized');
  return user;
}
