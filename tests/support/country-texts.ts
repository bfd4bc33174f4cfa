// The fixture country's texts where the recipe's step 5 puts them (tests/support/country-fixture.ts): a
// text keyed by its country (`country_QA`) joins the dictionary file that holds the same text of the
// shop's countries (`country_KW` in shell.en.ts), so the storefront, which renders with the shell's texts
// and the page's areas (client/i18n/server-texts.ts), the API and the back office (each of which merges
// the files) all read it. The fixture names no area: each text finds its family's file itself.

/** Adds to `dictionary`, in place, each of `texts` whose family (its key without the code) it already holds for a country. */
export function addBesideItsFamily(dictionary: Record<string, unknown>, texts: Record<string, string>): void {
  const keys = Object.keys(dictionary);
  for (const [key, text] of Object.entries(texts)) {
    // `country_QA` is of the family `country_` (`country_KW`), `coupon_for_qa` of `coupon_for_` (`coupon_for_kw`).
    const family = key.replace(/[A-Za-z]{2}$/, '');
    if (keys.some((k) => k.startsWith(family) && /^[A-Za-z]{2}$/.test(k.slice(family.length)))) dictionary[key] = text;
  }
}
