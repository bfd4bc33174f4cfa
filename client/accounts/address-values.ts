// The address form's values and the place names it shows. Their own module: the form (AddressForm) and
// its country field sets (AddressFields) both read them, and neither imports the other for a type.

/** The names of the chosen places, in the page's language: a kept (guest) address is shown with them. */
export interface PlaceNames {
  governorate_name?: string | null;
  area_name?: string | null;
  city_name?: string | null;
}

export type AddressValues = Record<
  | 'country'
  | 'label'
  | 'recipient'
  | 'phone'
  | 'governorate_id'
  | 'area_id'
  | 'block'
  | 'street'
  | 'avenue'
  | 'building'
  | 'floor'
  | 'apartment'
  | 'city_search'
  | 'city_id'
  | 'district'
  | 'building_number'
  | 'postal_code'
  | 'short_address'
  | 'makani',
  string
>;
