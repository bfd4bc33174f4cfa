// The back office's own message keys (shared/api/staff-message-keys.ts), in English.
export const staffMessagesEn = {
  totp_invalid: 'That code is not right. Type the 6 digits your authenticator app shows now.',
  sign_in_ticket_invalid: 'Your sign-in took too long. Please start again.',
  transition_not_allowed: "This step is not possible from the order's current state.",
  staff_email_taken: 'A staff member with this e-mail exists already.',
  staff_last_owner: 'The shop needs at least one owner for every country: this change would leave none.',
  staff_not_yourself: 'You cannot change your own access this way.',
  staff_grants_repeated: 'Each role can be given once per country.',
  invitation_invalid: 'This invitation link has expired or was used already. Ask the owner for a new one.',
  // The back office: blood tests, visits and results (lab area).
  date_invalid: 'Please enter a real date (YYYY-MM-DD).',
  result_value_invalid: 'Please enter the value as a number, e.g. 32.5.',
  result_range_invalid: 'Please check the reference range: numbers, the low limit below the high one.',
  result_unit_invalid: 'Choose the unit from the list of this marker’s units.',
  visit_not_started:
    'This visit has not started yet: a sample cannot be collected, nor results entered or released, before its date and time.',
  visit_needs_nurse: 'Assign a nurse before confirming the visit.',
  nurse_not_found: 'That nurse is not on the list.',
  nurse_not_available: 'That nurse is not on the active list of this visit’s country.',
  nurse_phone_invalid:
    'Enter a mobile number of the nurse’s country, as it is dialled there or with the country’s code.',
  coupon_amount_decimals: 'Too many decimal places for this currency (KWD takes 3, SAR and most others 2).',
  results_same_person: 'Results must be approved by a second person: you entered or last changed one of them.',
  results_incomplete: 'Enter a value for every marker before approving.',
  results_locked: 'These results were already sent to the customer and can no longer be changed.',
  results_nothing_to_approve: 'There are no results waiting for approval on this order.',
  price_invalid: "Please enter the price in the currency's units, e.g. 9.500.",
  old_price_not_higher: 'The old price must be higher than the price.',
  // The back office: catalogue.
  catalogue_field_required: 'This field is required.',
  catalogue_text_too_long: 'This text is too long.',
  old_price_not_above_price: 'The old price must be higher than the price.',
  sku_country_price_saved: 'Price saved.',
  sku_country_price_converted: 'This country’s prices are converted from the KWD price: change that price instead.',
  buy_limit_invalid: 'The buy limit is a whole number from 1 to 999, or empty for none.',
  stock_invalid: 'Type a whole number of units; stock cannot go below 0.',
  reason_required: 'Give a reason for the stock change.',
  image_missing: 'Choose an image file.',
  image_too_large: 'The image is larger than 5 MB.',
  import_file_too_large: 'The file is larger than 8 MB. Split it into smaller files.',
  import_not_checked: 'This import was imported or undone already.',
  import_not_applied: 'Only an import that was imported can be undone, and only once.',
  import_stale:
    'The catalogue has changed since this file was checked (a product or size was edited, or a new slug is taken). Check the file again.',
  import_stock_sold_meanwhile:
    'Units sold since the check would take these sizes below 0, so nothing was imported. Check the file again.',
  import_prices_not_allowed:
    'You may not import or undo this file: the lines below change prices in countries your role does not cover. Someone whose role covers them must do it.',
  import_undo_expired: 'This import can no longer be undone: undo is kept for 180 days after a file is applied.',
  import_revert_conflict: 'This import cannot be undone: the lines below have changed since.',
  import_checked: 'The file has no problems. Read what it will do, then import it.',
  import_applied: 'Imported. Shoppers see the changes now.',
  import_reverted: 'The import is undone.',
  image_type_unsupported: 'Only JPEG, PNG and WebP images can be uploaded.',
  category_not_found: 'That category does not exist.',
  brand_not_found: 'That brand does not exist.',
  // The back office: customers, promotions, search.
  customer_already_erased: "This shopper's data has already been erased.",
  customer_erase_email_mismatch: "The e-mail does not match the shopper's e-mail.",
  wallet_adjust_key_used: 'This form was already used for another shopper or currency. Open the shopper’s page again.',
  coupon_code_taken: 'Another coupon already has this code.',
  coupon_max_below_used: 'The total limit cannot be below the times the coupon was already used.',
  promotion_max_below_used: 'The total limit cannot be below the times the promotion was already used.',
  promotion_sku_unknown: 'A gift or target SKU number does not exist.',
  promotion_product_unknown: 'A target product number does not exist.',
  synonym_phrase_invalid: 'Type a word or phrase.',
  synonym_exists: 'This phrase is already in the set.',
  // The back office: orders.
  refund_exceeds_paid: 'The refund is more than what is left of the amount paid.',
  refund_needs_account: 'This order was placed without an account: refund it through the payment gateway.',
  refund_no_card_payment: 'This order has no card payment to refund through the gateway.',
  refund_gateway_failed: 'The payment gateway refused the refund. Nothing was refunded.',
  stock_changed:
    'The stock changed while you were editing (an order, or another member of staff). The form now shows the current figure: check it and save again.',
  refund_not_pending: 'This refund is no longer waiting for the payment gateway.',
  refund_key_used: 'This refund form was already used for another order. Open the order again.',
  // The back office: adding and deleting catalogue entries, home banners.
  colour_invalid: 'Choose a colour (#rrggbb).',
  delete_not_confirmed: 'Tick the box to confirm the deletion.',
  banner_link_invalid:
    'Type a page of this shop, starting with / (for example /products?category=3), without /ar: Arabic pages add it by themselves.',
  product_has_orders:
    'This product has been ordered, so it stays for the orders that name it. Hide it from shoppers instead.',
  sku_has_orders: 'This size has been ordered, so it stays for the orders that name it. Set its stock to 0 instead.',
  sku_last: 'A product needs at least one size. Delete the product instead.',
  category_in_use: 'This category still has products or subcategories. Move them to another category first.',
  category_parent_invalid: 'A subcategory goes under a top-level category.',
  brand_in_use: 'This brand still has products. Move them to another brand first.',
  home_section_changed: 'Someone else changed this row of banners meanwhile. Check it and try again.',
  nutritionist_account_taken:
    'This account already practises as another nutritionist, or has no nutritionist role. Choose another.',
  nutritionist_featured:
    "The home page's nutritionist banner shows this nutritionist. Choose another for the banner first.",
  image_last: 'A product shown to shoppers keeps at least one picture. Upload another first, or hide the product.',
  // The quiz's versions.
  quiz_content_invalid: 'The quiz content does not follow the quiz format. See the problems listed below.',
  quiz_version_not_draft: 'Only a draft can be changed or published. Make a new draft from the active version.',
  quiz_version_saved: 'Draft saved.',
  quiz_version_published: 'Published: this is now the quiz shoppers take.',
  // Data rights (decision 49).
  data_export_in_progress: 'An archive of this shopper’s data is being prepared or is on offer already.',
} as const;
