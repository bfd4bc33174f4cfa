// What the shop suggests her (issue 64): recently viewed and "customers also bought" below a product or
// the cart, loaded with that section (a page's first JavaScript carries none of it: no text area of their
// own, client/catalogue/MoreToSeeHost.tsx loads them); her home page's own sections, whose titles the API
// sends with them.
export const suggestionsEn = {
  recently_viewed: 'Recently viewed',
  recently_viewed_clear: 'Clear recently viewed',
  recently_viewed_cleared: 'Your recently viewed products were cleared.',
  also_bought: 'Customers also bought',
  // Her home page's own sections (signed in): their titles come with the page's data.
  home_refills_due: 'Time to refill',
  home_buy_again: 'Buy again',
  home_suggested: 'Suggested for you',
};
