// The back office's amounts per country (decision 52): free delivery, the price filter, the unlock
// modal's margin and the wallet's largest top-up, each in the country's own currency.
export const staffAmountsEn = {
  country_amounts_saved: 'Amounts saved.',
  country_amount_decimals: 'Use at most as many decimals as the country’s currency has.',
  country_amount_quick_above_range: 'The quick choice cannot be above the price filter’s highest amount.',

  st_nav_amounts: 'Amounts per country',
  st_amounts_title: 'Amounts per country',
  st_amounts_intro:
    'What each country’s shoppers see and are compared with, typed in that country’s currency with VAT included. Nothing here is converted: each country’s amounts are in its own currency.',
  st_amounts_country: '{{country}} ({{currency}})',
  st_amounts_free_delivery: 'Free delivery from a cart total of',
  st_amounts_free_delivery_hint: 'The banner, the cart and “add … more for free delivery” count down to it.',
  st_amounts_price_quick_max: 'Price filter’s quick choice: “Under …”',
  st_amounts_price_range_max: 'Price filter’s highest amount',
  st_amounts_unlock_margin: '“Unlock free delivery” suggests products up to what is missing plus',
  st_amounts_wallet_top_up_max: 'Largest single wallet top-up',
  st_amounts_save: 'Save the amounts of {{country}}',
  // Cash on delivery where the owner allows (issue 77).
  country_cash_saved: 'Cash on delivery saved.',
  st_amounts_cod_title: 'Cash on delivery',
  st_amounts_cod_enabled: 'Offer cash on delivery in {{country}}',
  st_amounts_cod_max: 'Largest order total paid in cash',
  st_amounts_cod_max_hint:
    'What the driver collects, in this country’s currency. Leave empty for no limit. Above it, shoppers see cash on delivery unavailable and pay another way.',
  st_amounts_cod_save: 'Save cash on delivery for {{country}}',
} as const;
