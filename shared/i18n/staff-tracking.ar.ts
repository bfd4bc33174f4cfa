// صفحة الطلب في لوحة الإدارة، تتبع الشحنات (المسألة 62): أحداث الطرود كما أبلغت عنها شركات الشحن، وردود
// المتسوّقة على محاولات التوصيل الفاشلة، التي ينقلها الموظفون هاتفياً حين لا يقبلها محوّل الناقل.
import type { Translated } from './plural';
import type { staffTrackingEn } from './staff-tracking.en';

export const staffTrackingAr: Translated<typeof staffTrackingEn> = {
  st_tracking_title: 'الطرود',
  st_tracking_parcel: '{{carrier}} · {{tracking}} · {{status}}',
  st_tracking_attempts: {
    zero: 'لا محاولات فاشلة',
    one: 'محاولة فاشلة واحدة',
    two: 'محاولتان فاشلتان',
    few: '{{count}} محاولات فاشلة',
    many: '{{count}} محاولة فاشلة',
    other: '{{count}} محاولة فاشلة',
  },
  st_tracking_status_created: 'تمت طباعة الملصق',
  st_tracking_status_picked_up: 'تم الاستلام',
  st_tracking_status_in_transit: 'في الطريق',
  st_tracking_status_out_for_delivery: 'خرج للتوصيل',
  st_tracking_status_failed_attempt: 'تعذّرت محاولة التوصيل',
  st_tracking_status_delivered: 'تم التسليم',
  st_tracking_status_returning: 'في طريق العودة إلينا',
  st_tracking_status_returned: 'عاد إلينا',
  st_tracking_status_cancelled: 'أُلغي',
  st_tracking_status_queued: 'بانتظار شركة الشحن',
  st_tracking_status_refused: 'رفضته شركة الشحن',
  st_tracking_redelivery_title: 'ردود المتسوّقة على محاولات التوصيل الفاشلة',
  st_tracking_redelivery_day: 'المحاولة {{attempt}}: التوصيل يوم {{day}}',
  st_tracking_redelivery_address: 'المحاولة {{attempt}}: عنوان جديد {{address}}، جوال {{phone}}، التوصيل يوم {{day}}',
  st_tracking_redelivery_sent: 'أُرسل إلى شركة الشحن',
  st_tracking_redelivery_manual: 'لا تقبل شركة الشحن الطلبات إلكترونياً: اتصل بها',
  st_tracking_redelivery_failed: 'تعذّر الوصول إلى شركة الشحن: اتصل بها',
};
