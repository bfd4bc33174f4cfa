// The commerce API's contract: one entry per route, keyed "METHOD path" exactly as Hono registers it.
// Each route validates its input with its entry (api/src/lib/validate.ts: `contract(key)`), and
// docs/openapi.json is generated from the same entries (./openapi.ts). tests/integration/api/contract.test.ts
// fails when a route has no entry or an entry no route. Pure data over shared/ schemas: Node reads it too.
import {
  addressSchema,
  forgotPasswordSchema,
  removeAccountSchema,
  resetLinkSchema,
  resetPasswordSchema,
  setBirthdaySchema,
  setNameSchema,
  setPasswordSchema,
  setPhoneSchema,
  signInSchema,
  signUpSchema,
  verifyEmailSchema,
} from '#shared/api/account-schemas';
import { contactSchema, supplierSchema } from '#shared/api/forms';
import { nutritionistFilterSchema } from '#shared/consultations/schemas';
import {
  addEmailSchema,
  phoneCodeSchema,
  phoneSignInSchema,
  phoneVerifySchema,
  removeByCodeSchema,
  whatsappChoiceSchema,
  whatsappStopSchema,
} from '#shared/api/phone-auth-schemas';
import {
  bloodTestCalculateSchema,
  bloodTestCancelSchema,
  bloodTestOrderIdQuerySchema,
  bloodTestPayAgainSchema,
  bloodTestRescheduleSchema,
  bloodTestSubmitSchema,
  patientSchema,
  slotHoldSchema,
  slotQuerySchema,
} from '#shared/api/blood-test-order-schemas';
import {
  calculateSchema,
  cancelOrderSchema,
  orderLookupSchema,
  payAgainSchema,
  submitSchema,
  walletChargeSchema,
} from '#shared/api/order-schemas';
import {
  brandListSchema,
  categoryListQuery,
  dhlCityQuery,
  dhlCountryQuery,
  filterSortQuery,
  idParams,
  instructionParams,
  notifyMeSchema,
  orderLinkParams,
  pageParams,
  paymentIdParams,
  refParams,
  searchTermSchema,
  skuSyncSchema,
  suggestQuery,
  webhookParams,
} from '#shared/api/route-schemas';
import { deviceAuthSchema } from '#shared/api/schemas';
import { bundleSchema } from '#shared/api/page-bundle';
import { bloodTestListQuery, bloodTestSkuSchema } from '#shared/api/blood-test-schemas';
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  uploadFileParams,
  uploadFileQuery,
  uploadSubmitSchema,
  uploadValuesSchema,
} from '#shared/api/blood-test-upload-schemas';
import { BIOMARKER_REFERENCE } from '#shared/blood-tests/biomarker-reference-data';
import { productQuerySchema } from '#shared/catalogue/filter-model';
import type { RouteContract } from './route-contract';
import { STAFF_CONTRACTS } from './staff';
import { alertUnsubscribeSchema } from '#shared/api/alert-schemas';
import { BLOOD_TEST_RESULTS_CONTRACTS } from './blood-test-results';
import { PUSH_CONTRACTS } from './push';
import { WISHLIST_CONTRACTS } from './wishlists';
import { REFERRAL_CONTRACTS } from './referral';
import { LOYALTY_CONTRACTS } from './loyalty';
import { RETURN_CONTRACTS } from './returns';
import { QUIZ_CONTRACTS } from './quiz';
import { REVIEW_CONTRACTS } from './reviews';
import { SUBSCRIPTION_CONTRACTS } from './subscriptions';
import { DATA_RIGHTS_CONTRACTS } from './data-rights';
import { CONSULTATION_CONTRACTS } from './consultations';
import { CONSULTATION_CALL_CONTRACTS } from './consultation-call';
import { TRACKING_CONTRACTS } from './tracking';

export type { RouteContract } from './route-contract';

const page = { params: pageParams, badParams: 'bad_request' } as const;

export const CONTRACTS = {
  'GET /health': { tag: 'platform', summary: 'Liveness check', noDevice: true },
  'POST /device/auth': {
    tag: 'platform',
    summary: 'Register a browser or app device and get its device token',
    body: deviceAuthSchema,
    noDevice: true,
  },
  'POST /bundle': {
    tag: 'platform',
    summary: "A page's reads in one trip, with the device's registration when it has no valid token",
    body: bundleSchema,
    noDevice: true,
  },
  'GET /country': {
    tag: 'platform',
    summary: 'Countries with currency, exchange rate, VAT and free-delivery threshold',
  },

  'POST /product': {
    tag: 'catalogue',
    summary: 'Product listing: filters, sort and search (first page)',
    body: productQuerySchema,
  },
  'POST /product/:page{[0-9]+}': {
    tag: 'catalogue',
    summary: 'Product listing, a later page',
    body: productQuerySchema,
    ...page,
  },
  'GET /product/filter-sort': {
    tag: 'catalogue',
    summary: 'Filters with counts and sorts for a listing (query `q`: the filter model as JSON)',
    query: filterSortQuery,
  },
  'POST /product/filter-sort': {
    tag: 'catalogue',
    summary: 'Filters with counts and sorts for a listing',
    body: productQuerySchema,
  },
  'GET /product/search': {
    tag: 'search',
    summary: 'As-you-type suggestions: products, brands and categories',
    query: suggestQuery,
  },
  'POST /product/sku': {
    tag: 'cart',
    summary: "Cart sync: the cart's SKUs refreshed, giveaways and bought-together cards",
    body: skuSyncSchema,
  },
  'POST /product/:id{[0-9]+}/notify-me': {
    tag: 'catalogue',
    summary: 'Turn notify-me on or off for a product',
    params: idParams,
    body: notifyMeSchema,
    user: true,
  },
  'GET /product/notify-list': { tag: 'catalogue', summary: 'Products the shopper asked to hear about', user: true },
  'GET /product/:ref/v2': { tag: 'catalogue', summary: 'Product detail by id or slug', params: refParams },

  'GET /bloodTest': {
    tag: 'blood-tests',
    summary: "Blood tests and panels with their categories: filters, sort and search, in the shopper's currency",
    query: bloodTestListQuery,
  },
  'POST /bloodTest/sku': {
    tag: 'blood-tests',
    summary: "Blood-test cart sync: the SKUs still sold, with the country's current prices",
    body: bloodTestSkuSchema,
  },
  'GET /bloodTest/:ref': {
    tag: 'blood-tests',
    summary: 'A blood test or panel by id or slug: biomarkers, preparation, lab, members, supplements',
    params: refParams,
  },

  'GET /homepage/v4': { tag: 'catalogue', summary: "Every home page section's data" },
  'GET /category': { tag: 'catalogue', summary: 'Category tree', query: categoryListQuery },
  'GET /category/:ref': {
    tag: 'catalogue',
    summary: 'One category with its parent and children, by id or slug',
    params: refParams,
  },
  'GET /brand': { tag: 'catalogue', summary: 'All brands' },
  'POST /brand/list': { tag: 'catalogue', summary: 'Brands, sorted and paged (first page)', body: brandListSchema },
  'POST /brand/list/:page{[0-9]+}': {
    tag: 'catalogue',
    summary: 'Brands, a later page',
    body: brandListSchema,
    ...page,
  },
  'GET /brand/:ref': { tag: 'catalogue', summary: 'One brand by id or slug', params: refParams },
  'GET /nutritionist': { tag: 'catalogue', summary: 'All nutritionists' },
  'POST /nutritionist/list': {
    tag: 'catalogue',
    summary:
      "Nutritionists, sorted and paged (first page), each with gender, languages, qualifications, the services priced in the request's country and the next free time; filters: language, gender, a Gulf day with a free time",
    body: nutritionistFilterSchema,
  },
  'POST /nutritionist/list/:page{[0-9]+}': {
    tag: 'catalogue',
    summary: 'Nutritionists, a later page (the same filters)',
    body: nutritionistFilterSchema,
    ...page,
  },
  'GET /nutritionist/:ref': {
    tag: 'catalogue',
    summary:
      "A nutritionist with their product lists, by id or slug: gender, languages, qualifications, services and packages priced in the request's country, the next free time, and the shown ratings of their consultations",
    params: refParams,
  },

  'GET /search/term': { tag: 'search', summary: "The device's recent search terms" },
  'POST /search/set-term': {
    tag: 'search',
    summary: "Keep a term in the device's search history",
    body: searchTermSchema,
  },
  'POST /search/clear': { tag: 'search', summary: "Clear the device's search history" },

  'GET /sitemap': {
    tag: 'platform',
    summary: 'What the sitemap lists: categories, brands, nutritionists, blood tests, product page count',
    noDevice: true,
  },
  'GET /sitemap/products/:page{[0-9]+}': {
    tag: 'platform',
    summary: 'One page of product slugs for the sitemap',
    ...page,
    noDevice: true,
  },
  'GET /info/instructions/:a/:b': {
    tag: 'content',
    summary: 'A short instruction text (how it works, delivery, returns)',
    params: instructionParams,
    badParams: 'not_found',
  },
  'POST /misc/contact': { tag: 'content', summary: 'Send the contact form', body: contactSchema },
  'POST /misc/become-supplier': { tag: 'content', summary: 'Send the supplier application form', body: supplierSchema },

  'GET /area': { tag: 'places', summary: 'Kuwait governorates with their areas' },
  'GET /country/dhl_list': { tag: 'places', summary: 'Courier countries matching a text', query: dhlCountryQuery },
  'GET /city/dhl_list': { tag: 'places', summary: 'Courier cities of a country matching a text', query: dhlCityQuery },

  'POST /user/register': { tag: 'accounts', summary: 'Sign up', body: signUpSchema },
  'POST /user/login': { tag: 'accounts', summary: 'Sign in', body: signInSchema },
  'POST /user/logout': { tag: 'accounts', summary: 'Sign out (ends this session)' },
  'GET /user/me': { tag: 'accounts', summary: 'The signed-in shopper', user: true },
  'GET /user/sync': {
    tag: 'accounts',
    summary: "Sync data: the shopper (null for a guest) and the country's free-delivery threshold",
  },
  'POST /user/forgot-password': { tag: 'accounts', summary: 'Mail a password-reset link', body: forgotPasswordSchema },
  'POST /user/reset-password': {
    tag: 'accounts',
    summary: "Set a new password with a reset link's token",
    body: resetPasswordSchema,
  },
  'POST /user/reset-password/check': {
    tag: 'accounts',
    summary: 'Whether a reset link can still set a password (used, expired or unknown: 400), using nothing up',
    body: resetLinkSchema,
  },
  'POST /user/verify-email': {
    tag: 'accounts',
    summary: 'Confirm the e-mail address (guest orders join the account)',
    body: verifyEmailSchema,
  },
  'POST /user/profile/set-name': { tag: 'accounts', summary: 'Change the name', body: setNameSchema, user: true },
  'POST /user/profile/set-birthday': {
    tag: 'accounts',
    summary:
      "Set the birthday ('MM-DD', no year) or remove it (null); a change records when, and birthday points come from 30 days after it",
    body: setBirthdaySchema,
    user: true,
  },
  'POST /user/phone/code': {
    tag: 'accounts',
    summary:
      'Send a sign-in code by WhatsApp or SMS, for the asking device: the same answer whether or not the number has an account ({sent, channel, expires_in, resend_in}); over a limit 429 phone_code_wait (per number and device, or per number from devices it never signed in on) or phone_code_too_many (per client address), with Retry-After and data.retry_after, and nothing sent',
    body: phoneCodeSchema,
  },
  'POST /user/phone/sign-in': {
    tag: 'accounts',
    summary:
      'Sign in with the code; a new number answers needs_name until a name comes with the code, then the account is made with the phone alone',
    body: phoneSignInSchema,
  },
  'POST /user/phone/verify/code': {
    tag: 'accounts',
    summary: 'Send a code to a phone the signed-in shopper adds to her account',
    body: phoneCodeSchema,
    user: true,
  },
  'POST /user/phone/verify': {
    tag: 'accounts',
    summary:
      'Prove the phone with its code: it then signs the account in (409 phone_taken when another account has it)',
    body: phoneVerifySchema,
    user: true,
  },
  'POST /user/phone/remove': {
    tag: 'accounts',
    summary: 'Remove an account made with a phone (no password): the code sent to its number confirms it',
    body: removeByCodeSchema,
    user: true,
  },
  'POST /user/profile/whatsapp': {
    tag: 'accounts',
    summary: 'Order updates and visit reminders on WhatsApp to the proven phone, on or off (409 whatsapp_needs_phone)',
    body: whatsappChoiceSchema,
    user: true,
  },
  'POST /whatsapp/stop': {
    tag: 'accounts',
    summary: 'The stop link of a WhatsApp update: nothing more goes to the number until it opts in again',
    body: whatsappStopSchema,
  },
  'POST /user/profile/add-email': {
    tag: 'accounts',
    summary:
      'Add an e-mail to an account made with a phone: it joins the account when the mailed link is opened (409 email_taken, 409 email_already_set)',
    body: addEmailSchema,
    user: true,
  },
  'POST /user/profile/set-phone': {
    tag: 'accounts',
    summary: 'Change the phone number',
    body: setPhoneSchema,
    user: true,
  },
  'POST /user/profile/set-password': {
    tag: 'accounts',
    summary: 'Change the password (other sessions end)',
    body: setPasswordSchema,
    user: true,
  },
  'POST /user/remove': {
    tag: 'accounts',
    summary: 'Delete the account (personal data removed)',
    body: removeAccountSchema,
    user: true,
  },

  'GET /user/address': { tag: 'addresses', summary: "The shopper's addresses", user: true },
  'POST /user/address/new': {
    tag: 'addresses',
    summary: 'Add an address (the first becomes the default)',
    body: addressSchema,
    user: true,
  },
  'POST /user/address/:id{[0-9]+}/default': {
    tag: 'addresses',
    summary: 'Make an address the default',
    params: idParams,
    user: true,
  },
  'GET /user/address/:id{[0-9]+}/remove': {
    tag: 'addresses',
    summary: 'Remove an address',
    params: idParams,
    user: true,
  },
  'POST /user/address/:id{[0-9]+}/remove': {
    tag: 'addresses',
    summary: 'Remove an address',
    params: idParams,
    user: true,
  },
  'POST /user/address/:id{[0-9]+}': {
    tag: 'addresses',
    summary: 'Change an address',
    params: idParams,
    body: addressSchema,
    user: true,
  },

  'POST /order/calculate': {
    tag: 'orders',
    summary: 'Price a cart: totals, coupon, wallet, delivery and problems',
    body: calculateSchema,
  },
  'POST /order/submit': {
    tag: 'orders',
    summary: 'Place an order (idempotent per key); a card order gets its payment page',
    body: submitSchema,
  },
  'POST /order/payAgain': {
    tag: 'orders',
    summary: 'Pay again for an order whose payment failed or is still open',
    body: payAgainSchema,
  },
  'POST /order/cancel': { tag: 'orders', summary: 'Cancel an order waiting for its payment', body: cancelOrderSchema },
  'POST /order/lookup': {
    tag: 'orders',
    summary: "A guest's order by number and e-mail, with its link key",
    body: orderLookupSchema,
  },
  'GET /order/link/:token{[0-9a-f]{64}}': {
    tag: 'orders',
    summary: 'An order through its guest link',
    params: orderLinkParams,
    badParams: 'not_found',
  },
  'GET /order/:id{[0-9]+}': {
    tag: 'orders',
    summary: "The success page's order (the shopper's, or the placing device's)",
    params: idParams,
  },
  'GET /user/order/:id{[0-9]+}': {
    tag: 'orders',
    summary: "One of the shopper's orders",
    params: idParams,
    user: true,
  },
  'GET /user/order': { tag: 'orders', summary: "The shopper's orders (first page)", user: true },
  'GET /user/order/list/:page{[0-9]+}': {
    tag: 'orders',
    summary: "The shopper's orders, a later page",
    ...page,
    user: true,
  },

  'GET /user/wallet': { tag: 'wallet', summary: 'Wallet balance and top-up methods', user: true },
  'GET /user/wallet/history': { tag: 'wallet', summary: 'Wallet history (first page)', user: true },
  'GET /user/wallet/history/:page{[0-9]+}': {
    tag: 'wallet',
    summary: 'Wallet history, a later page',
    ...page,
    user: true,
  },
  'POST /user/wallet/charge': {
    tag: 'wallet',
    summary: 'Top up the wallet: opens a card payment',
    body: walletChargeSchema,
    user: true,
  },
  'GET /user/wallet/:id{pay[0-9]{0,4}_[0-9a-f]{24}}': {
    tag: 'wallet',
    summary: "A top-up's payment and its status",
    params: paymentIdParams,
    user: true,
  },

  // The body is the gateway's own event, read raw: its signature covers the exact bytes (payments/*.ts).
  'POST /payments/webhook/:provider{tap|sandbox}': {
    tag: 'payments',
    summary: "The payment gateway's signed webhook (raw body, checked by the gateway's signature)",
    params: webhookParams,
    badParams: 'not_found',
    noDevice: true,
  },

  // Blood-test booking (decision 0025).
  'GET /bloodTest/slots': {
    tag: 'blood-tests',
    summary: 'Collection windows of the next 14 days for a Kuwait area or Saudi city, with places left',
    query: slotQuerySchema,
  },
  'POST /bloodTest/slots/hold': {
    tag: 'blood-tests',
    summary: 'Hold a collection window for 10 minutes (replaces the shopper’s previous hold)',
    body: slotHoldSchema,
    user: true,
  },
  'POST /bloodTestOrder/calculate': {
    tag: 'blood-tests',
    summary: 'Price blood tests: country prices, coupon, VAT line, wallet',
    body: bloodTestCalculateSchema,
  },
  'POST /bloodTestOrder/submit': {
    tag: 'blood-tests',
    summary: 'Book blood tests on a held slot (idempotent per key); a card booking gets its payment page',
    body: bloodTestSubmitSchema,
    user: true,
  },
  'POST /bloodTestOrder/payAgain': {
    tag: 'blood-tests',
    summary: 'Pay again for a booking whose card payment failed: takes its place again, opens a payment',
    body: bloodTestPayAgainSchema,
    user: true,
  },
  'GET /user/bloodTestPatient': { tag: 'blood-tests', summary: "The shopper's saved patients", user: true },
  'POST /user/bloodTestPatient/new': {
    tag: 'blood-tests',
    summary: 'Save a patient (the shopper or a family member)',
    body: patientSchema,
    user: true,
  },
  'POST /user/bloodTestPatient/:id{[0-9]+}/remove': {
    tag: 'blood-tests',
    summary: 'Remove a saved patient',
    params: idParams,
    user: true,
  },
  'GET /user/bloodTestOrder/list/All': {
    tag: 'blood-tests',
    summary: "The shopper's blood-test orders (first page)",
    user: true,
  },
  'GET /user/bloodTestOrder/list/:page{[0-9]+}': {
    tag: 'blood-tests',
    summary: "The shopper's blood-test orders, a later page",
    ...page,
    user: true,
  },
  'GET /user/bloodTestOrder/getOrder': {
    tag: 'blood-tests',
    summary: 'A blood-test order: timeline, patient, slot, address, tests with preparation, totals, payment',
    query: bloodTestOrderIdQuerySchema,
    user: true,
  },
  'GET /user/bloodTestOrder/getOrderItem': {
    tag: 'blood-tests',
    summary: "A blood-test order's tests with their preparation",
    query: bloodTestOrderIdQuerySchema,
    user: true,
  },
  'POST /user/bloodTestOrder/reschedule': {
    tag: 'blood-tests',
    summary: 'Move a booked visit to a newly held slot (until the cut-off before the visit)',
    body: bloodTestRescheduleSchema,
    user: true,
  },
  'POST /user/bloodTestOrder/cancel': {
    tag: 'blood-tests',
    summary: 'Cancel a booked visit (until the cut-off); what was paid goes to the wallet',
    body: bloodTestCancelSchema,
    user: true,
  },
  'GET /user/bloodTestOrder/ics': {
    tag: 'blood-tests',
    summary: 'The visit as a calendar entry (text/calendar)',
    query: bloodTestOrderIdQuerySchema,
    user: true,
  },

  // Blood-test results the shopper uploads: files one per request, then the result.
  'POST /user/upload/bloodtest': {
    tag: 'blood-test-uploads',
    summary:
      'Upload one result file (the body is its bytes: PDF, JPEG, PNG or HEIC by content, at most 10 MB); answers its pending id',
    query: uploadFileQuery,
    rawBody: { types: UPLOAD_TYPES, maxBytes: UPLOAD_MAX_BYTES },
    user: true,
  },
  'POST /user/upload/bloodtest/submit': {
    tag: 'blood-test-uploads',
    summary: 'Save a result (lab, sample date, notes) with its uploaded files and the consent to process health data',
    body: uploadSubmitSchema,
    user: true,
  },
  'GET /user/upload/list/bloodtest': {
    tag: 'blood-test-uploads',
    summary: "The shopper's uploaded results with their files (first page)",
    user: true,
  },
  'GET /user/upload/list/bloodtest/:page{[0-9]+}': {
    tag: 'blood-test-uploads',
    summary: "The shopper's uploaded results, a later page",
    ...page,
    user: true,
  },
  'GET /user/upload/bloodtest/:id{[0-9]+}': {
    tag: 'blood-test-uploads',
    summary: 'One uploaded result with its files and consent',
    params: idParams,
    user: true,
  },
  'GET /user/upload/bloodtest/:id{[0-9]+}/files/:fileId{[0-9a-f]{32}}': {
    tag: 'blood-test-uploads',
    summary: 'Download a result file, decrypted (an attachment; sandboxed, never cached)',
    params: uploadFileParams,
    fileResponse: UPLOAD_TYPES,
    user: true,
  },
  'POST /user/upload/bloodtest/:id{[0-9]+}/remove': {
    tag: 'blood-test-uploads',
    summary: 'Delete an uploaded result and its files',
    params: idParams,
    user: true,
  },
  'GET /user/upload/bloodtest/biomarkers': {
    tag: 'blood-test-uploads',
    summary: "The marker picker's biomarkers: slug, name, body system, units (code and label), default unit",
    user: true,
  },
  'POST /user/upload/bloodtest/:id{[0-9]+}/read': {
    tag: 'blood-test-uploads',
    summary:
      "Find values in the result's PDF text (first 10 pages) for the shopper to confirm; stores nothing. No findings: a reason key",
    params: idParams,
    user: true,
  },
  'POST /user/upload/bloodtest/:id{[0-9]+}/values': {
    tag: 'blood-test-uploads',
    summary: "Replace the result's confirmed values (typed, or found in the PDF and confirmed); answers them",
    params: idParams,
    body: uploadValuesSchema((slug) => BIOMARKER_REFERENCE.find((r) => r.slug === slug)?.units.map((u) => u.ucum)),
    user: true,
  },

  // The back office (decision 27): one file of entries per area, under ./staff/.
  ...STAFF_CONTRACTS,
  ...TRACKING_CONTRACTS,
  // The shopper's blood-test results page.
  ...BLOOD_TEST_RESULTS_CONTRACTS,
  // Web push.
  ...PUSH_CONTRACTS,
  // Back-in-stock and price-drop alerts.
  'POST /alerts/unsubscribe': {
    tag: 'alerts',
    summary:
      "One-click unsubscribe of an alert mail's link (no sign-in: the signed token names the alert); answers the product's name",
    body: alertUnsubscribeSchema,
  },
  // Wishlists and share links.
  ...WISHLIST_CONTRACTS,
  // The supplement quiz.
  ...QUIZ_CONTRACTS,
  ...REVIEW_CONTRACTS,
  ...SUBSCRIPTION_CONTRACTS,
  ...DATA_RIGHTS_CONTRACTS,
  ...CONSULTATION_CONTRACTS,
  ...CONSULTATION_CALL_CONTRACTS,
  // Referrals, the shopper's side (issue 47).
  ...REFERRAL_CONTRACTS,
  // Loyalty points.
  ...LOYALTY_CONTRACTS,
  ...RETURN_CONTRACTS,
} as const satisfies Record<string, RouteContract>;

export type ContractKey = keyof typeof CONTRACTS;
