// Analytics consent (decision 35): the cookie banner, loaded only where a tracker is configured
// and the shopper's country asks for consent; the local /dev/analytics outbox; /collect's message keys.
import type { Translated } from './plural';
import type { consentEn } from './consent.en';

export const consentAr: Translated<typeof consentEn> = {
  consent_title: 'ساعدنا في تحسين المتجر',
  consent_body:
    'بإذنك نحصي المنتجات التي تُشاهَد وتُشترى لنحسّن المتجر. لا نسجّل أبدًا اسمك أو بيانات التواصل أو إجاباتك الصحية أو تحاليل الدم، ولا يُرسَل شيء من متصفحك إلى مواقع أخرى.',
  consent_accept: 'موافق',
  consent_decline: 'رفض',
  consent_short: 'نحصي مشاهدات المنتجات والمشتريات، لا اسمك ولا بياناتك الصحية.',
  consent_details: 'التفاصيل',
  consent_saved_granted: 'شكرًا لك. إحصاءات المتجر مفعّلة.',
  consent_saved_denied: 'إحصاءات المتجر متوقفة.',

  analytics_outbox_title: 'صندوق إحصاءات التطوير',
  analytics_outbox_note:
    'الوضع المحلي: تُحفظ هنا ليوم واحد الأحداث التي كان المتجر سيرسلها إلى أداة الإحصاء، الأحدث أولًا.',
  analytics_outbox_empty: 'لا توجد أحداث بعد. وافق على الإحصاءات في شريط ملفات تعريف الارتباط ثم تصفّح المتجر.',
  analytics_outbox_client: 'معرّف المتصفح',
  analytics_outbox_events: {
    zero: 'لا توجد أحداث',
    one: 'حدث واحد',
    two: 'حدثان',
    few: '{{count}} أحداث',
    many: '{{count}} حدثًا',
    other: '{{count}} حدث',
  },

  analytics_event_invalid: 'لا يُقبل حدث الإحصاء هذا.',
  analytics_consent_required: 'الإحصاءات متوقفة حتى توافق عليها.',
};
