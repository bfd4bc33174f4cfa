// Business constants from spec §9. One place, so UI, worker and API agree.

export const REQUEST_TIMEOUT_MS = 30_000;

export const TOAST_DURATION_MS = 4000;
export const TOAST_SWIPE_DISMISS_PX = 100;
export const TOAST_REPLACE_DELAY_MS = 350;

export const FREE_SHIPPING_WARNING_RATIO = 0.8;
export const FREE_SHIPPING_POPUP_HIDE_MS = 4000 + 400;
export const UNLOCK_MODAL_MAX_PRODUCTS = 6;

export const MODAL_CLOSE_MS = 300;
export const PROGRESS_BAR_MIN_WIDTH = 1024;

/** Layout breakpoints (max-width, px). */
export const BREAKPOINTS = { lg: 976, md: 767, sm: 576 } as const;

export const MIN_PASSWORD_LENGTH = 6;
export const SEARCH_TERM_LIMIT = 25;

export const AUTH_COOKIE_MAX_AGE_S = 1_209_600; // two weeks
export const USER_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;
export const DEVICE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Signed requests older or newer than this are refused by the API. */
export const SIGNATURE_MAX_SKEW_S = 300;

/** Error reporting (spec §9). */
export const ERROR_SAMPLE_RATE = 1;
export const TRACES_SAMPLE_RATE = 0.05;

/**
 * Sent by the browser's session client while the page shows a signed-in shopper: the /api proxy then
 * answers 401 when the auth cookie is gone, so a signed-in journey never quietly becomes a guest's.
 */
export const SIGNED_IN_HEADER = 'x-signed-in';
