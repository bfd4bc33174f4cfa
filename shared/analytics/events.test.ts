// The analytics builders and their allow-list (decision 35): GA4's shapes, money as GA4's
// decimals, and the analytics promise: no analytics event carries health or personal data.
import { describe, expect, it } from 'vitest';
import { collectBodySchema } from './collect-schema';
import * as b from './events';
import { cleanParams, EVENT_NAMES, EVENT_PARAMS, SCALAR_PARAMS, safeSearchTerm } from './params';

const item = {
  id: 101,
  name: 'Vitamin D3 1000 IU',
  brand: 'Nature Way',
  category: 'vitamins',
  variant: '60 caps',
  priceMinor: 4250,
};

describe('event builders', () => {
  it('make GA4 ecommerce events with decimal prices in the shopper’s currency', () => {
    const kwd = b.addToCart({ currency: 'KWD', item: { ...item, quantity: 2 } })!;
    expect(kwd.name).toBe('add_to_cart');
    expect(kwd.params).toEqual({
      currency: 'KWD',
      value: 8.5,
      items: [
        {
          item_id: '101',
          item_name: 'Vitamin D3 1000 IU',
          item_brand: 'Nature Way',
          item_category: 'vitamins',
          item_variant: '60 caps',
          price: 4.25,
          quantity: 2,
        },
      ],
    });
    const sar = b.viewItem({ currency: 'SAR', item: { ...item, priceMinor: 11340 } })!;
    expect(sar.params).toMatchObject({ currency: 'SAR', value: 113.4, items: [{ price: 113.4, quantity: 1 }] });
    // KWD keeps its three decimals exactly (no float drift from dividing).
    expect(b.toDecimal(12345, 'KWD')).toBe(12.345);
    expect(b.toDecimal(7, 'SAR')).toBe(0.07);
  });

  it('push to the data layer as Google’s ecommerce guide has it', () => {
    const event = b.viewItemList({
      listId: 'category-vitamins',
      listName: 'category',
      currency: 'KWD',
      items: [{ ...item, index: 0 }],
    })!;
    expect(b.toDataLayer(event)).toEqual([
      { ecommerce: null },
      {
        event: 'view_item_list',
        ecommerce: {
          item_list_id: 'category-vitamins',
          item_list_name: 'category',
          items: [expect.objectContaining({ item_id: '101', index: 0 })],
        },
      },
    ]);
    expect(b.toDataLayer(b.quizStart({ version: 3 })!)).toEqual([{ event: 'quiz_start', quiz_version: '3' }]);
  });

  it('make a purchase with its number, total, VAT and delivery', () => {
    const event = b.purchase({
      orderId: 1234,
      currency: 'SAR',
      totalMinor: 12650,
      taxMinor: 1650,
      shippingMinor: 1500,
      coupon: 'WELCOME10',
      items: [{ ...item, priceMinor: 11150, quantity: 1 }],
    })!;
    expect(event.params).toMatchObject({
      transaction_id: '1234',
      value: 126.5,
      tax: 16.5,
      shipping: 15,
      coupon: 'WELCOME10',
    });
  });

  it('say how much a blood-test booking came to, and nothing else', () => {
    expect(b.bloodTestPurchase({ currency: 'KWD', valueMinor: 25000 })!.params).toEqual({ currency: 'KWD', value: 25 });
    expect(b.bloodTestBeginCheckout({ currency: 'SAR', valueMinor: 9900 })!.params).toEqual({
      currency: 'SAR',
      value: 99,
    });
  });

  it('make quiz events with the version and the number of suggestions only', () => {
    expect(b.quizComplete({ version: 'v2', suggestionCount: 4 })!.params).toEqual({
      quiz_version: 'v2',
      suggestion_count: 4,
    });
    expect(b.quizComplete({ version: 'v2', suggestionCount: 400 })).toBeNull();
  });

  it('give nothing when an event lacks what it needs', () => {
    expect(b.viewItemList({ listId: 'products', currency: 'KWD', items: [] })).toBeNull();
    expect(b.addToCart({ currency: 'EUR' as 'KWD', item })).toBeNull();
    expect(b.addPaymentInfo({ currency: 'KWD', items: [item], paymentType: 'Card Number 4111' })).toBeNull();
  });
});

describe('search terms', () => {
  const found = ['Omega 3 Fish Oil 1000 mg', 'Nordic Naturals', 'Fish oil & omegas', 'زيت السمك أوميغا 3', 'فيتامين د'];

  it('keep only the words of the products found, lower-cased, when the search found something', () => {
    expect(b.search({ term: '  Omega 3  ', resultsCount: 12, vocabulary: found })!.params).toEqual({
      search_term: 'omega 3',
    });
    expect(b.search({ term: 'omeg', resultsCount: 12, vocabulary: found })!.params).toEqual({ search_term: 'omeg' });
    expect(b.search({ term: 'Fish oils for Sara Ahmed', resultsCount: 12, vocabulary: found })!.params).toEqual({
      search_term: 'fish oils',
    });
    expect(b.search({ term: 'فيتامينٌ د', resultsCount: 3, vocabulary: found })!.params).toEqual({
      search_term: 'فيتامين د',
    });
    expect(b.search({ term: 'omega 3', resultsCount: 0, vocabulary: [] })!.params).toEqual({});
    expect(b.search({ term: 'flowers', resultsCount: 5, vocabulary: found })!.params).toEqual({});
  });

  it('are dropped with an e-mail, a phone-like number, a link, over 64 characters or health words', () => {
    for (const term of [
      'sara@example.com',
      '+965 9123 4567',
      '٩٦٥١٢٣٤٥٦٧',
      '0501234567',
      'https://evil.example/x',
      'a'.repeat(65),
      'vitamins for pregnancy',
      'warfarin vitamin k',
      'فيتامين للحامل',
      'vitamin d blood test',
      'تحليل فيتامين د',
    ])
      expect(safeSearchTerm(term), term).toBeNull();
    expect(safeSearchTerm('vitamin d3 5000 iu')).toBe('vitamin d3 5000 iu');
    expect(safeSearchTerm('زنك')).toBe('زنك');
  });
});

describe('/collect’s schema', () => {
  const good = b.addToCart({ currency: 'KWD', item })!;
  const body = (events: unknown[]) => ({ client_id: '3f2b8c1e-7a4d-4e2b-9c1a-0d5e6f7a8b9c', events });

  it('takes what the builders make, with the tracker’s session fields', () => {
    const parsed = collectBodySchema.safeParse(
      body([{ name: good.name, params: { ...good.params, session_id: '1732300000' } }]),
    );
    expect(parsed.success).toBe(true);
  });

  it('refuses the whole body for one parameter, item field, event or value the builders would drop', () => {
    const items = good.params.items as unknown as Array<Record<string, unknown>>;
    const tampered = [
      { name: 'add_to_cart', params: { ...good.params, email: 'sara@example.com' } },
      { name: 'add_to_cart', params: { ...good.params, items: [{ ...items[0], item_name: 'sara@example.com' }] } },
      {
        name: 'add_to_cart',
        params: { ...good.params, items: [{ ...items[0], reason: 'because you said pregnant' }] },
      },
      { name: 'blood_test_purchase', params: { currency: 'KWD', value: 25, item_name: 'Thyroid panel' } },
      { name: 'quiz_complete', params: { quiz_version: '3', suggestion_count: 2, answers: 'pregnant' } },
      { name: 'search', params: { search_term: 'vitamins for pregnancy' } },
      {
        name: 'purchase',
        params: { currency: 'KWD', value: 1, transaction_id: 'https://shop.example/o?key=1', items },
      },
      { name: 'view_item_list', params: { item_list_id: 'products', item_list_name: 'Sara Ahmed', items } },
      { name: 'page_view', params: {} },
    ];
    for (const event of tampered)
      expect(collectBodySchema.safeParse(body([good, event])).success, JSON.stringify(event)).toBe(false);
    expect(collectBodySchema.safeParse({ ...body([good]), user_id: '4711' }).success).toBe(false);
    expect(collectBodySchema.safeParse({ client_id: 'sara@example.com', events: [good] }).success).toBe(false);
    expect(collectBodySchema.safeParse(body(Array(26).fill(good))).success).toBe(false);
  });

  it('has an allow-list entry for every event name, naming known parameters only', () => {
    for (const name of EVENT_NAMES) {
      for (const p of EVENT_PARAMS[name].scalars) expect(Object.keys(SCALAR_PARAMS)).toContain(p);
      const needs = EVENT_PARAMS[name].required.length > 0 || EVENT_PARAMS[name].items;
      expect(cleanParams(name, {})).toEqual(needs ? null : {});
    }
    expect(EVENT_NAMES).toEqual(expect.arrayContaining(['blood_test_purchase', 'quiz_start', 'quiz_complete']));
  });
});
