// A list page's filter form sends every field, the untouched ones empty (`?q=&category_id=&stock=out`).
// Its zod schema coerces ids, and '' is not an id: parsing the raw query failed as a whole and the list
// showed unfiltered while the form said "Sold out". Empty fields mean "any", so they are dropped first.
export function filledQuery(query: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).filter(([, v]) => v.trim() !== ''));
}
