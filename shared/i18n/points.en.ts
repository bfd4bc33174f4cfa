// The shopper's points pages (issue 47): /profile/points (balance, tier, expiry, history, the referral
// card) and a referral link's landing page /invite/:code. Their own area, loaded with those pages only
// (decision 18).
export const pointsEn = {
  points_count: { one: '{{count}} point', other: '{{count}} points' },
  points_balance_label: 'Your points',
  points_balance_value: 'Worth {{value}} off at checkout',
  points_country_note: 'Points are kept per country: these are your points in {{country}}.',
  points_paused: 'Earning and spending points is paused in this country for now. Your points stay yours.',
  points_how_title: 'How it works',
  points_how_earn: {
    one: '{{count}} point for every {{unit}} you pay, credited when your order is delivered.',
    other: '{{count}} points for every {{unit}} you pay, credited when your order is delivered.',
  },
  points_how_spend: {
    one: 'Every point takes {{value}} off an order at checkout.',
    other: 'Every {{count}} points take {{value}} off an order at checkout.',
  },
  points_how_expire: {
    one: 'Points expire {{count}} month after they are credited.',
    other: 'Points expire {{count}} months after they are credited.',
  },

  points_tier_title: 'Your tier',
  points_tier_bronze: 'Bronze',
  points_tier_silver: 'Silver',
  points_tier_gold: 'Gold',
  points_tier_current: 'You are {{tier}}',
  points_tier_spend: 'You spent {{amount}} in the last 12 months.',
  points_perk_multiplier: 'Points ×{{rate}} on every order',
  points_perk_base: 'Points on every order',
  points_perk_free_delivery: 'Free delivery from {{amount}}',
  points_perk_early_access: {
    one: 'Offers open to you {{count}} hour before everyone else',
    other: 'Offers open to you {{count}} hours before everyone else',
  },
  points_next_tier: 'Spend {{amount}} more within 12 months to reach {{tier}}.',
  points_next_progress: 'Progress to {{tier}}',
  points_top_tier: 'You are at our top tier. Thank you!',

  points_expiring: {
    one: '{{count}} point expires on {{date}}',
    other: '{{count}} points expire on {{date}}',
  },
  points_expiring_none: 'None of your points expire soon.',

  points_history_title: 'Points history',
  points_history_empty: 'No points yet. You earn points when an order is delivered.',
  points_kind_earn_order: 'Earned on order #{{id}}',
  points_kind_earn_blood_test: 'Earned on blood test #{{id}}',
  points_kind_earn_consultation: 'Earned on consultation #{{id}}',
  points_kind_earn_review: 'Your first review',
  points_kind_earn_birthday: 'Happy birthday!',
  points_kind_earn_referral: 'A friend you invited received her first order',
  points_kind_spend: 'Spent on order #{{id}}',
  points_kind_spend_return: 'Returned: order #{{id}} was not completed',
  points_kind_earn_reversal: 'Taken back: refund on order #{{id}}',
  points_kind_earn_reversal_plain: 'Taken back after a refund',
  points_kind_expiry: 'Expired',
  points_kind_adjustment: 'Adjusted by our team',
  points_balance_after: 'Balance {{points}}',
  points_expires_on: 'Expires {{date}}',
  points_load_more: 'Show older',
  points_amount_label: 'Points',

  referral_title: 'Invite a friend',
  referral_offer: 'Your friend gets {{discount}} off her first order over {{min}}.',
  referral_reward: {
    one: 'You get {{count}} point when her order is delivered.',
    other: 'You get {{count}} points when her order is delivered.',
  },
  referral_code_label: 'Your code',
  referral_link_label: 'Your link',
  referral_copy_code: 'Copy code',
  referral_copy_link: 'Copy link',
  referral_copied: 'Copied',
  referral_copy_failed: 'Could not copy. Select the text and copy it yourself.',
  referral_whatsapp: 'Share on WhatsApp',
  referral_share: 'Share',
  referral_share_text:
    'Here is {{discount}} off your first order over {{min}} at Gulf Vitamins with my code {{code}}: {{link}}',
  referral_this_month: 'Friends rewarded this month: {{done}} of {{cap}}',
  referral_cap_reached:
    'You reached this month’s limit: friends can still use your code, and you earn again next month.',
  referral_pending: {
    one: '{{count}} friend’s first order is on its way',
    other: '{{count}} friends’ first orders are on their way',
  },

  invite_offer: '{{name}} gives you {{discount}} off your first order over {{min}}',
  invite_kept: 'Your code, kept for your checkout for 30 days:',
  invite_how: 'Create your account, add at least {{min}} to your cart, and the discount is applied at checkout.',
  invite_sign_up: 'Create your account',
  invite_shop: 'Start shopping',
  invite_paused: 'This offer is paused in your country right now. You can still shop with us.',
  invite_unknown_title: 'Invitation not found',
  // The page's text for a link whose code is no shopper's (the API answers referral_code_unknown).
  invite_unknown_body: 'This invitation link is not valid. Check the link your friend sent you.',
};
