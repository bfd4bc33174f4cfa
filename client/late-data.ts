// Shell first (decision 41), the server's half: a data strategy under which a loader that has not
// answered by the time the page counts as slow does not hold the document back. Its route gets a
// LateData in place of its data, the router renders at once, and the page's boundary
// (app/PageOutlet.tsx) waits for the outcome while the shell is already on its way.
import {
  type DataStrategyFunction,
  type DataStrategyResult,
  type StaticHandlerContext,
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
} from 'react-router';
import type { StreamedPage } from './app/PageOutlet';

export type LateOutcome = { data: unknown; status?: number } | { error: unknown } | { redirect: string };

/** A loader's answer that had not come when the shell was sent. */
export class LateData {
  constructor(readonly outcome: Promise<LateOutcome>) {}
}

/**
 * Runs every loader as the router would; one still running when `slow` settles is answered with a
 * LateData instead of being waited for. A loader that answers first (from the edge's caches, or a
 * near API) is the router's as usual, throws included.
 */
export function lateDataStrategy(slow: Promise<void>): DataStrategyFunction<unknown> {
  return async ({ matches }) => {
    const loading = matches.filter((m) => m.shouldLoad);
    const results = await Promise.all(
      loading.map((m) =>
        m.resolve(async (callLoader) => {
          const value = Promise.resolve().then(() => callLoader());
          const early = await Promise.race([
            value.then(
              () => true,
              () => true,
            ),
            slow.then(() => false),
          ]);
          return early ? value : new LateData(lateOutcome(value));
        }),
      ),
    );
    const keyed: Record<string, DataStrategyResult> = {};
    results.forEach((result, i) => {
      keyed[loading[i]!.route.id] = result;
    });
    return keyed;
  };
}

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'DataWithResponseInit';
}

/** The statuses the router follows as redirects. */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A Response a loader returned or threw: a redirect, or the error its boundary shows (as the router's). */
function fromResponse(response: Response): LateOutcome {
  const location = response.headers.get('location');
  if (REDIRECT_STATUSES.has(response.status) && location) return { redirect: location };
  return { error: new ErrorResponseImpl(response.status, response.statusText, null) };
}

/** What a loader's answer, still to come, will mean for the page: as the router would read it. */
export function lateOutcome(answer: Promise<unknown>): Promise<LateOutcome> {
  return answer.then(settledData, settledThrow);
}

function settledData(value: unknown): LateOutcome {
  if (value instanceof Response) return fromResponse(value);
  if (isDataWithInit(value)) return { data: value.data, ...(value.init?.status ? { status: value.init.status } : {}) };
  return { data: value };
}

/** What the router would have made of a thrown value: a redirect, or the error its boundary shows. */
function settledThrow(thrown: unknown): LateOutcome {
  if (thrown instanceof Response) return fromResponse(thrown);
  if (isDataWithInit(thrown)) {
    const init = thrown.init ?? {};
    return { error: new ErrorResponseImpl(init.status ?? 500, init.statusText ?? '', thrown.data) };
  }
  return { error: thrown ?? new Error('a loader threw nothing') };
}

/** The routes whose data came late, in route order. */
export function lateRoutes(context: StaticHandlerContext): Array<[string, LateData]> {
  return context.matches
    .map((m) => [m.route.id, context.loaderData[m.route.id]] as const)
    .filter((entry): entry is [string, LateData] => entry[1] instanceof LateData);
}

export interface SettledPage {
  /** What the page's boundary renders with. */
  page: StreamedPage;
  /** The router's hydration data as if the document had waited: errors keyed by their boundary. */
  hydration: { loaderData: Record<string, unknown>; errors: Record<string, unknown> | null };
  /** The status the page would have had (200, the error's, or the redirect's 302). */
  status: number;
}

/** Waits for every late route, then says what the page is: its data, its error or its redirect. */
export async function settleLateData(
  context: StaticHandlerContext,
  late: Array<[string, LateData]>,
  fallback: Promise<Record<string, unknown>>,
): Promise<SettledPage> {
  const outcomes = await Promise.all(late.map(async ([id, d]) => [id, await d.outcome] as const));
  const loaderData: Record<string, unknown> = { ...context.loaderData };
  const pageData: Record<string, unknown> = {};
  let fallbackData: Record<string, unknown> = {};
  let failure: { id: string; error: unknown } | null = null;
  // A loader's data() may set the page's status, as it would on a whole document.
  let status = context.statusCode;
  try {
    fallbackData = await fallback;
  } catch (error) {
    // Shown where the page's own error would be: the boundary above the page's route.
    failure = { id: late[0]?.[0] ?? context.matches.at(-1)?.route.id ?? 'root', error };
  }
  for (const [id, outcome] of outcomes) {
    delete loaderData[id];
    if ('redirect' in outcome) {
      return {
        page: { loaderData: {}, redirect: outcome.redirect, fallback: {} },
        hydration: { loaderData, errors: null },
        status: 302,
      };
    }
    if ('error' in outcome) failure ??= { id, error: outcome.error };
    else {
      loaderData[id] = outcome.data;
      pageData[id] = outcome.data;
      if (outcome.status) status = outcome.status;
    }
  }
  if (!failure) {
    return {
      page: { loaderData: pageData, fallback: fallbackData },
      hydration: { loaderData, errors: context.errors },
      status,
    };
  }
  const boundary = boundaryOf(context, failure.id);
  const error = failure.error;
  return {
    page: { loaderData: pageData, error, fallback: fallbackData },
    hydration: { loaderData, errors: { ...context.errors, [boundary]: error } },
    status: error instanceof ErrorResponseImpl ? error.status : 500,
  };
}

/** The closest route at or above this one that shows errors, as the router would choose it. */
function boundaryOf(context: StaticHandlerContext, id: string): string {
  const at = context.matches.findIndex((m) => m.route.id === id);
  for (let i = at; i >= 0; i--) {
    const route = context.matches[i]!.route;
    if (route.ErrorBoundary || route.errorElement) return route.id;
  }
  return context.matches[0]?.route.id ?? 'root';
}
