// Subscribe and save in the back office (decision 45): the lists and the discounts.
export const staffSubscriptionsEn = {
  subscription_settings_saved: 'Subscription discount saved.',
} as const;
