// Catalogue texts (home sections, listings, product page, search, cart store toasts live in en.ts).
export const catalogueEn = {
  home_sections_label: 'Home page sections',
} as const;
