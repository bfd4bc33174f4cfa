// الاشتراك والتوفير في لوحة الإدارة (القرار 45).
import type { Translated } from './plural';
import type { staffSubscriptionsEn } from './staff-subscriptions.en';

export const staffSubscriptionsAr: Translated<typeof staffSubscriptionsEn> = {
  subscription_settings_saved: 'تم حفظ خصم الاشتراك.',
};
