// The analytics promise: no analytics event carries health or personal data. Hostile fixtures (what
// a page could hand the builders by mistake: a user record, a form's values, the quiz's answers and
// reasons, a blood test's name and result, an order link, a token) go into every parameter of every
// builder and into the cart lines and product cards the item mappers read. None may come out, neither
// in the event nor in the data layer's pushes.
import { describe, expect, it } from 'vitest';
import { toDataLayer, type AnalyticsEvent } from '#shared/analytics/events';
import { currencyInfoFor, payableMinor } from '#shared/money';
import type { ProductCard } from '#shared/catalogue/types';
import type { CartEntry } from '../cart/cart-types';
import { builders as b } from './builders';
import type { TrackContext } from './track-context';

const currency = currencyInfoFor('SA', 122150, 1500);
const ctx: TrackContext = { currency, payable: (fils) => payableMinor(fils, currency) };

const EMAIL = 'sara.ahmed@example.com';
const PHONE = '+966 50 123 4567';
const NAME = 'Sara Ahmed Al-Otaibi';
const ADDRESS = 'Block 4, Street 12, House 7, Salmiya';
const ORDER_LINK = 'https://shop.example/order-lookup?key=9f8e7d6c5b4a';
const TOKEN = 'dv1.5f0c2e1a9b8d7c6e-token';
const USER_ID = 'user-4711';
const BLOOD_TEST = 'Thyroid Panel (TSH, Free T4)';
const RESULT = 'TSH 7.9 mIU/L high';
const QUIZ_ANSWER = 'I am pregnant and take warfarin';
const QUIZ_REASON = 'Because you said you are pregnant';
const HOSTILE = [EMAIL, PHONE, NAME, ADDRESS, ORDER_LINK, TOKEN, USER_ID, BLOOD_TEST, RESULT, QUIZ_ANSWER, QUIZ_REASON];
/** Pieces of the fixtures that must appear nowhere in what is pushed or sent. */
const FRAGMENTS = [
  'sara',
  'example',
  '123 4567',
  '50 123',
  'otaibi',
  'salmiya',
  'street',
  'order-lookup',
  '9f8e7d',
  'token',
  '4711',
  'thyroid',
  'tsh',
  'miu',
  'pregnan',
  'warfarin',
  'because',
];
/** Texts that only detectors can catch wherever they stand (the catalogue's names are checked for them too). */
const DETECTABLE = [EMAIL, PHONE, ORDER_LINK];

const stray = {
  email: EMAIL,
  phone: PHONE,
  user: { id: USER_ID, name: NAME, email: EMAIL },
  user_id: USER_ID,
  address: ADDRESS,
  answers: [QUIZ_ANSWER],
  medications: ['warfarin'],
  pregnant: true,
  test: BLOOD_TEST,
  results: [RESULT],
  link: ORDER_LINK,
  token: TOKEN,
};

function card(text: string): ProductCard {
  return {
    ...stray,
    id: 12,
    slug: 'omega-3',
    name: DETECTABLE.includes(text) ? text : 'Omega 3 Fish Oil',
    images: [{ url: '/media/x.webp', alt: text } as never],
    brand: { id: 3, slug: 'nordic', name: DETECTABLE.includes(text) ? text : 'Nordic Naturals' },
    category: { id: 4, slug: 'omega-3', name: text, color: '#000' },
    default_sku: {
      id: 77,
      name: DETECTABLE.includes(text) ? text : '60 softgels',
      price: { price: 4250, old_price: null },
      buy_limit: 5,
      in_stock: true,
      will_notify: false,
    },
    free_delivery: false,
  } as ProductCard;
}

function cartLine(text: string): CartEntry {
  const c = card(text);
  return {
    ...stray,
    count: 2,
    sku: { ...c.default_sku },
    product: { id: c.id, slug: c.slug, name: c.name, brand: { id: 3, name: c.brand.name } },
    origin: { source: 'Quiz', id: text },
    suggestionId: text,
    reason: { en: QUIZ_REASON, ar: QUIZ_REASON },
  } as CartEntry;
}

/** Every builder, with the fixture wherever it takes a value, and the stray record spread in. */
function events(text: string): Array<AnalyticsEvent | null> {
  const any = <T>(v: T) => v as never;
  const item = b.cardItem(card(text), ctx, 0);
  const line = b.cartItem(cartLine(text), ctx, 2);
  return [
    b.pickedFrom(any('also-bought'), card(text), ctx, 0),
    b.viewItemList(any({ ...stray, listId: text, listName: text, currency: 'SAR', items: [item] })),
    b.viewItemList(
      any({
        ...b.listingList({ categories: [{ slug: 'omega-3' }], brands: [] }, false),
        currency: 'SAR',
        items: [item, line],
      }),
    ),
    b.viewItem(any({ ...stray, currency: 'SAR', item })),
    b.search(any({ ...stray, term: text, resultsCount: 4, vocabulary: ['Omega 3 Fish Oil', 'Nordic Naturals'] })),
    b.search(any({ term: `omega ${text}`, resultsCount: 4, vocabulary: ['Omega 3 Fish Oil'] })),
    b.addToCart(any({ ...stray, currency: 'SAR', item: line })),
    b.removeFromCart(any({ currency: 'SAR', item: line })),
    b.beginCheckout(any({ ...stray, currency: 'SAR', items: [line, item], coupon: text })),
    b.addPaymentInfo(any({ currency: 'SAR', items: [line], paymentType: text, coupon: text })),
    b.addPaymentInfo(any({ currency: 'SAR', items: [line], paymentType: 'card_mada' })),
    b.purchase(
      any({
        ...stray,
        orderId: text,
        currency: 'SAR',
        totalMinor: 9000,
        taxMinor: 1174,
        shippingMinor: 0,
        coupon: text,
        items: [line],
      }),
    ),
    b.purchase(
      any({ orderId: 1234, currency: 'SAR', totalMinor: 9000, taxMinor: 1174, shippingMinor: 0, items: [line] }),
    ),
    b.bloodTestBeginCheckout(any({ ...stray, currency: 'KWD', valueMinor: 25000, name: text })),
    b.bloodTestPurchase(any({ ...stray, currency: 'KWD', valueMinor: 25000, name: text, tests: [text] })),
    b.quizStart(any({ ...stray, version: text })),
    b.quizStart(any({ ...stray, version: 3 })),
    b.quizComplete(any({ ...stray, version: text, suggestionCount: 3, reasons: [text] })),
    b.quizComplete(any({ ...stray, version: 'v3', suggestionCount: 3, reasons: [QUIZ_REASON] })),
  ];
}

describe('no analytics event carries health or personal data', () => {
  it('drops every hostile value from every builder’s event and from the data layer’s pushes', () => {
    const names = new Set<string>();
    for (const text of HOSTILE) {
      for (const event of events(text)) {
        if (!event) continue;
        names.add(event.name);
        const pushed = JSON.stringify([event, toDataLayer(event)]).toLowerCase();
        for (const fragment of FRAGMENTS) expect(pushed, `${event.name} with "${text}"`).not.toContain(fragment);
      }
    }
    // The checks ran on real events of every kind (the fixtures' harmless parts still make them).
    expect([...names].sort()).toEqual(
      [
        'add_payment_info',
        'add_to_cart',
        'begin_checkout',
        'blood_test_begin_checkout',
        'blood_test_purchase',
        'purchase',
        'quiz_complete',
        'quiz_start',
        'remove_from_cart',
        'search',
        'select_item',
        'view_item',
        'view_item_list',
      ].sort(),
    );
  });

  it('keeps the shop’s own values: product, price in SAR with VAT, list, payment, order number', () => {
    const line = b.cartItem(cartLine('x'), ctx, 2);
    const event = b.purchase({
      orderId: 1234,
      currency: 'SAR',
      totalMinor: 9000,
      taxMinor: 1174,
      shippingMinor: 0,
      items: [line],
    })!;
    expect(event.params).toMatchObject({
      transaction_id: '1234',
      value: 90,
      items: [
        {
          item_id: '77',
          item_name: 'Omega 3 Fish Oil',
          item_brand: 'Nordic Naturals',
          quantity: 2,
          price: ctx.payable(4250) / 100,
        },
      ],
    });
    expect(b.listingList({ categories: [{ slug: 'omega-3' }], brands: [] }, false)).toEqual({
      listId: 'category-omega-3',
      listName: 'category',
    });
    expect(b.listingList(undefined, true)).toEqual({ listId: 'search', listName: 'search results' });
  });

  it('ties a card picked from a suggestion to the add and the purchase that follow, by its list only', () => {
    const kept = new Map<string, string>();
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => kept.get(k) ?? null,
        setItem: (k: string, v: string) => void kept.set(k, v),
      },
    });
    try {
      const before = b.purchase({
        orderId: 1,
        currency: 'SAR',
        totalMinor: 9000,
        taxMinor: 0,
        shippingMinor: 0,
        items: [b.cartItem(cartLine('x'), ctx)],
      });
      expect((before!.params.items as unknown as Array<Record<string, unknown>>)[0]).not.toHaveProperty('item_list_id');
      const picked = b.pickedFrom('recently-viewed', card('x'), ctx, 2)!;
      expect(picked.name).toBe('select_item');
      expect(picked.params).toMatchObject({
        item_list_id: 'recently-viewed',
        item_list_name: 'recommendations',
        items: [{ item_id: '77', index: 2, item_list_id: 'recently-viewed', item_list_name: 'recommendations' }],
      });
      const added = b.addToCart({ currency: 'SAR', item: b.cartItem(cartLine('x'), ctx) })!;
      expect((added.params.items as unknown as Array<Record<string, unknown>>)[0]).toMatchObject({
        item_list_id: 'recently-viewed',
      });
      const bought = b.purchase({
        orderId: 2,
        currency: 'SAR',
        totalMinor: 9000,
        taxMinor: 0,
        shippingMinor: 0,
        items: [b.cartItem(cartLine('x'), ctx)],
      });
      expect((bought!.params.items as unknown as Array<Record<string, unknown>>)[0]).toMatchObject({
        item_list_id: 'recently-viewed',
        item_list_name: 'recommendations',
      });
      // A list that is not one of the shop's suggestions never goes out.
      expect(b.pickedFrom('Sara Ahmed' as never, card('x'), ctx, 0)).toBeNull();
    } finally {
      Reflect.deleteProperty(globalThis, 'sessionStorage');
    }
  });
});
