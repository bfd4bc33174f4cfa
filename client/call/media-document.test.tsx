// The media pages (the call and its device check) are only shown in a document that was loaded at a
// media page's address, the only documents the worker allows the camera (decision 56): a client-side
// navigation to one from any other document becomes a document load.
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirectDocument } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../route-tree';
import { documentAllowsMedia, documentRedirect } from './media-document';

const SHOP = 'http://shop.test';

/** A browser whose document was loaded at `loadedAt` and whose app has since moved to `now`. */
function browserAt(loadedAt: string, now = loadedAt) {
  vi.stubGlobal('document', { cookie: 'user=1' });
  vi.stubGlobal('location', new URL(now, SHOP));
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue([
    { name: new URL(loadedAt, SHOP).href } as PerformanceEntry,
  ]);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function route(id: string): RouteObject {
  const find = (list: RouteObject[]): RouteObject | undefined =>
    list.reduce<RouteObject | undefined>((hit, r) => hit ?? (r.id === id ? r : find(r.children ?? [])), undefined);
  return find(routes)!;
}

async function loaderOf(id: string) {
  const lazy = route(id).lazy as () => Promise<{ loader?: (args: LoaderFunctionArgs) => unknown }>;
  const mod = await lazy();
  return (path: string) => mod.loader!({ request: new Request(new URL(path, SHOP)), params: {} } as LoaderFunctionArgs);
}

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('media pages open in a document of their own', () => {
  it('writes the same answer as react-router’s redirectDocument', () => {
    const ours = documentRedirect('/consultation-check?x=1');
    const theirs = redirectDocument('/consultation-check?x=1');
    expect(ours.status).toBe(theirs.status);
    expect([...ours.headers]).toEqual([...theirs.headers]);
  });

  it('knows a document by the address it was loaded at, not where the app has moved it since', () => {
    browserAt('/ar/consultation-check', '/ar/profile');
    expect(documentAllowsMedia()).toBe(true);
    browserAt('/profile/consultations/12', '/profile/consultations/12/call');
    expect(documentAllowsMedia()).toBe(false);
  });

  it('sends a client-side way in from another page to the server, in both languages', async () => {
    for (const [id, path] of [
      ['en:consultation-check', '/consultation-check'],
      ['ar:consultation-check', '/ar/consultation-check'],
      ['en:profile-consultation-call', '/profile/consultations/12/call'],
      ['ar:profile-consultation-call', '/ar/profile/consultations/12/call?x=1'],
    ] as const) {
      const load = await loaderOf(id);
      browserAt('/profile/consultations/12');
      const answer = thrown(() => load(path)) as Response;
      expect(answer, id).toBeInstanceOf(Response);
      expect(answer.headers.get('location'), id).toBe(path);
      expect(answer.headers.get('x-remix-reload-document'), id).toBe('true');
      // In a document loaded at a media page (its own, or the other one), the page is shown.
      browserAt(path);
      expect(
        thrown(() => load(path)),
        id,
      ).toBeUndefined();
      browserAt(id.endsWith('check') ? '/profile/consultations/9/call' : '/consultation-check', path);
      expect(
        thrown(() => load(path)),
        id,
      ).toBeUndefined();
    }
  });

  it('renders on the server as before: the check has no loader of its own, the call only the sign-in guard', async () => {
    const check = await loaderOf('en:consultation-check');
    expect(check('/consultation-check')).toBeNull();
    const call = await loaderOf('en:profile-consultation-call');
    const guest = thrown(() => call('/profile/consultations/12/call')) as Response;
    expect(guest.headers.get('location')).toBe(
      `/auth/sign-in?return_url=${encodeURIComponent('/profile/consultations/12/call')}`,
    );
    expect(guest.headers.get('x-remix-reload-document')).toBeNull();
  });
});
