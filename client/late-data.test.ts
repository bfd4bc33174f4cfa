// A loader's late answer means for the page what the router would make of it on a whole document.
import { data, isRouteErrorResponse, redirect, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LateData, lateOutcome, settleLateData } from './late-data';

const throwing = (value: unknown) => Promise.reject(value);

describe('lateOutcome', () => {
  it('reads data, and data() with its status', async () => {
    expect(await lateOutcome(Promise.resolve({ items: [1] }))).toEqual({ data: { items: [1] } });
    expect(await lateOutcome(Promise.resolve(data({ ok: true }, { status: 201 })))).toEqual({
      data: { ok: true },
      status: 201,
    });
  });

  it('follows a thrown or returned redirect, and only the statuses the router follows', async () => {
    expect(await lateOutcome(throwing(redirect('/ar/products?brand=1')))).toEqual({ redirect: '/ar/products?brand=1' });
    expect(await lateOutcome(Promise.resolve(redirect('/cart', 303)))).toEqual({ redirect: '/cart' });
    const odd = await lateOutcome(throwing(new Response(null, { status: 304, headers: { location: '/x' } })));
    expect('error' in odd && isRouteErrorResponse(odd.error) && odd.error.status).toBe(304);
  });

  it('turns a thrown data(null, 404) into the not-found error, and anything else into an error', async () => {
    const missing = await lateOutcome(throwing(data(null, { status: 404 })));
    expect('error' in missing && isRouteErrorResponse(missing.error) && missing.error.status).toBe(404);
    const crash = await lateOutcome(throwing(new Error('boom')));
    expect(crash).toEqual({ error: new Error('boom') });
    expect('error' in (await lateOutcome(throwing(undefined)))).toBe(true);
  });
});

/** A route's error page, as the locale routes and the root have one. */
function Boundary() {
  return null;
}

describe('settleLateData', () => {
  const context = {
    statusCode: 200,
    errors: null,
    loaderData: { 'en:product': 'late' },
    matches: [
      { route: { id: 'root', ErrorBoundary: Boundary } },
      { route: { id: 'en', ErrorBoundary: Boundary } },
      { route: { id: 'en:product' } },
    ],
  } as unknown as StaticHandlerContext;
  const prices = Promise.resolve({ '/country': { items: [] } });

  it('gives the page its data and the prices, with the hydration data as if the document had waited', async () => {
    const late = new LateData(lateOutcome(Promise.resolve({ product: { id: 1 } })));
    const settled = await settleLateData(context, [['en:product', late]], prices);
    expect(settled.status).toBe(200);
    expect(settled.page).toEqual({
      loaderData: { 'en:product': { product: { id: 1 } } },
      fallback: { '/country': { items: [] } },
    });
    expect(settled.hydration).toEqual({ loaderData: { 'en:product': { product: { id: 1 } } }, errors: null });
  });

  it('keys a late error by the boundary above the page, without the page data, with its status', async () => {
    const late = new LateData(lateOutcome(throwing(data(null, { status: 404 }))));
    const settled = await settleLateData(context, [['en:product', late]], prices);
    expect(settled.status).toBe(404);
    expect(Object.keys(settled.hydration.errors!)).toEqual(['en']);
    expect(settled.hydration.loaderData).not.toHaveProperty('en:product');
  });

  it('shows the page as failed when the prices cannot be had', async () => {
    const late = new LateData(lateOutcome(Promise.resolve({ product: { id: 1 } })));
    const settled = await settleLateData(context, [['en:product', late]], Promise.reject(new Error('no rates')));
    expect(settled.status).toBe(500);
    expect(settled.page.error).toEqual(new Error('no rates'));
    expect(Object.keys(settled.hydration.errors!)).toEqual(['en']);
  });
});
