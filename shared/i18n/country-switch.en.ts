// What a country switch shows while the new country's prices are on their way (decision 77's amendment
// "issue 77's leftovers"): loaded by the switch itself (client/stores/switch-country.ts), into the page's
// dictionary before the country changes; no area of its own, so no page's first JavaScript carries it.
export const countrySwitchEn = {
  // A price's place: the mark is seen (the width of a short price), the words are what a screen reader says.
  price_pending: '…',
  price_pending_label: 'Price loading',
};
