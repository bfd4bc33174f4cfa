/**
 * A blood test's picture: blood tests have no packshot, so every test shows the shop's test-tube
 * artwork (public/images/, drawn by scripts/app-icons.mjs, 1200 px square), in its Product data
 * (which search engines need an image for) and as its social preview. A module of its own, without
 * imports, so the page takes it without the structured data's builder and its imports.
 */
export const BLOOD_TEST_IMAGE = '/images/blood-test.png';
