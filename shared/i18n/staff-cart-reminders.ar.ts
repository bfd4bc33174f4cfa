// The back office's cart reminders (issue 64): the owner's settings and the weekly figures.
import type { Translated } from './plural';
import type { staffCartRemindersEn } from './staff-cart-reminders.en';

export const staffCartRemindersAr: Translated<typeof staffCartRemindersEn> = {
  st_nav_cart_reminders: 'التذكير بالسلة',
  st_cart_reminders_title: 'التذكير بالسلة',
  st_cart_reminders_intro:
    'يُذكَّر المتسوقون الذين يتركون سلة بالبريد، وعلى واتساب إن اختاروا التحديثات عليه، وبإشعارات المتصفح إن اشتركوا: لا ليلاً، ولا بعد أن يطلبوا أو يُفرغوا السلة، ولا بما نفد من المخزون.',
  st_cart_reminders_settings: 'متى يُرسل التذكير',
  st_cart_reminders_enabled: 'إرسال التذكير بالسلة',
  st_cart_reminders_step1: 'التذكير الأول، بالدقائق بعد آخر تغيير في السلة',
  st_cart_reminders_step2: 'التذكير الثاني، بالدقائق بعد آخر تغيير في السلة (اتركه فارغًا إن لم ترده)',
  st_cart_reminders_steps_hint: 'مثلاً 60 لساعة و1440 ليوم. 15 دقيقة على الأقل وأسبوع على الأكثر.',
  st_cart_reminders_quiet: 'ساعات الهدوء بالتوقيت المحلي لدولة كل سلة (التذكير المستحق فيها ينتظر انتهاءها)',
  st_cart_reminders_quiet_from: 'من',
  st_cart_reminders_quiet_to: 'حتى',
  st_cart_reminders_save: 'حفظ إعدادات التذكير',
  st_cart_reminders_figures: {
    zero: 'هذا الأسبوع',
    one: 'الأسبوع الأخير',
    two: 'الأسبوعان الأخيران',
    few: 'آخر {{count}} أسابيع',
    many: 'آخر {{count}} أسبوعًا',
    other: 'آخر {{count}} أسبوع',
  },
  st_cart_reminders_figures_note:
    'يبدأ الأسبوع بأول يوم عمل بعد العطلة الأسبوعية لدولة السلة، عند منتصف الليل بتوقيت تلك الدولة. السلة التي ذُكّر بها عبر قناتين تُحسب في كليهما، وفي كل أسبوع ذُكّر بها فيه؛ أما فتح رابطها وطلبها فيُحسبان مرة واحدة، في أسبوع آخر تذكير بها. المستعادة: طُلبت السلة بعد تذكير، والمبلغ هو إجمالي الطلب بعملة الدولة.',
  st_cart_reminders_none: 'لم يُرسل أي تذكير بالسلة في هذه الأسابيع.',
  st_cart_reminders_table: 'الأرقام حسب الأسبوع والقناة والدولة',
  st_cart_reminders_week: 'بداية الأسبوع',
  st_cart_reminders_channel: 'القناة',
  st_cart_reminders_country: 'الدولة',
  st_cart_reminders_reminded: 'سلال ذُكّر بها',
  st_cart_reminders_opened: 'روابط فُتحت',
  st_cart_reminders_recovered: 'سلال مستعادة',
  st_cart_reminders_revenue: 'الإيرادات المستعادة',
  st_cart_reminders_mail: 'البريد',
  st_cart_reminders_whatsapp: 'واتساب',
  st_cart_reminders_push: 'إشعارات المتصفح',
  cart_reminder_settings_saved: 'تم حفظ إعدادات التذكير.',
  cart_reminder_step_invalid: 'يكون موعد التذكير بين 15 دقيقة وأسبوع (10080 دقيقة).',
  cart_reminder_steps_order: 'يأتي التذكير الثاني بعد الأول.',
  cart_reminder_incentive_invalid: 'لا يتجاوز خصم رمز التذكير 50 ٪.',
  st_cart_reminders_incentive: 'رمز التذكير الثاني، لاستخدام واحد لذلك المتسوق وحده، لمدة أسبوع',
  st_cart_reminders_incentive_country: '{{country}}: نسبة الخصم (0 بلا رمز)',
};
