// Message keys only the back office's routes send (issue 14). Their texts live in the staff
// dictionaries (shared/i18n/staff-messages.*), not in the shopper's shell, so that no shopper page
// carries them; the staff app reads the shell's texts as well, for the keys both sides send.
export const STAFF_MESSAGE_KEYS = [
  // The back office (issue 14).
  'totp_invalid',
  'sign_in_ticket_invalid',
  'transition_not_allowed',
  'staff_email_taken',
  'staff_last_owner',
  'staff_not_yourself',
  'staff_grants_repeated',
  'invitation_invalid',
  // The back office: blood tests, visits and results (issue 14, lab area).
  'date_invalid',
  'result_value_invalid',
  'result_range_invalid',
  'results_same_person',
  'results_incomplete',
  'results_locked',
  'results_nothing_to_approve',
  'price_invalid',
  'old_price_not_higher',
  // The back office: catalogue (issue 14).
  'catalogue_field_required',
  'catalogue_text_too_long',
  'old_price_not_above_price',
  'buy_limit_invalid',
  'stock_invalid',
  'reason_required',
  'image_missing',
  'image_too_large',
  'image_type_unsupported',
  'category_not_found',
  'brand_not_found',
  // The back office: customers, promotions, search (issue 14).
  'customer_already_erased',
  'customer_erase_email_mismatch',
  'coupon_code_taken',
  'coupon_max_below_used',
  'promotion_max_below_used',
  'promotion_sku_unknown',
  'promotion_product_unknown',
  'synonym_phrase_invalid',
  'synonym_exists',
  // The back office: orders (issue 14).
  'refund_exceeds_paid',
  'refund_needs_account',
  'refund_no_card_payment',
  'refund_gateway_failed',
  'stock_changed',
  'refund_not_pending',
  // The back office: adding and deleting catalogue entries, home banners (issue 14).
  'colour_invalid',
  'delete_not_confirmed',
  'banner_link_invalid',
  'product_has_orders',
  'sku_has_orders',
  'sku_last',
  'category_in_use',
  'category_parent_invalid',
  'brand_in_use',
  'home_section_changed',
  'nutritionist_featured',
  'image_last',
  // The quiz's versions (issue 17).
  'quiz_content_invalid',
  'quiz_version_not_draft',
  'quiz_version_saved',
  'quiz_version_published',
] as const;

export type StaffMessageKey = (typeof STAFF_MESSAGE_KEYS)[number];
