// The installable app: the offline page, the install banner, the "Get the app" guide
// (/install) and the app's start screen (/_app).
import type { Translated } from './plural';
import type { appEn } from './app.en';

export const appAr: Translated<typeof appEn> = {
  app_offline_body: 'تحتاج هذه الصفحة إلى اتصال بالإنترنت. تحقق من شبكة الواي فاي أو بيانات الجوال، ثم حاول مرة أخرى.',
  app_offline_auto: 'ستُعاد تحميل الصفحة تلقائيًا عند عودة الاتصال.',

  app_install_title: 'ثبّت تطبيق خليج الفيتامينات',
  app_install_body: 'افتح المتجر من شاشتك الرئيسية وتابع طلباتك بلمسة واحدة.',
  app_install_action: 'تثبيت',
  app_install_dismiss: 'ليس الآن',
  app_install_label: 'تثبيت التطبيق',

  app_guide_intro:
    'أضف خليج الفيتامينات إلى شاشتك الرئيسية: يفتح مثل التطبيق بملء الشاشة، ويمكنه إخبارك عند شحن طلبك أو عودة منتج إلى المخزون.',
  app_guide_ios_title: 'على iPhone وiPad',
  app_guide_ios_note:
    'على iPhone وiPad تعمل الإشعارات فقط للمواقع المضافة إلى الشاشة الرئيسية (iOS 16.4 أو أحدث)، لذا أضفه أولًا.',
  app_guide_ios_step_share: 'افتح هذا الموقع في Safari واضغط زر المشاركة: المربع الذي يخرج منه سهم إلى الأعلى.',
  app_guide_ios_step_add: 'مرّر القائمة إلى الأسفل واضغط «إضافة إلى الشاشة الرئيسية»، ثم اضغط «إضافة».',
  app_guide_ios_step_open: 'افتح خليج الفيتامينات من أيقونته الجديدة على شاشتك الرئيسية.',
  app_guide_ios_step_notify: 'داخل التطبيق، اسمح بالإشعارات عندما تتابع منتجًا أو قائمة، لنخبرك فور توفره.',
  app_guide_figure_share: 'شريط أدوات Safari مع إبراز زر المشاركة',
  app_guide_figure_add: 'قائمة المشاركة مع إبراز «إضافة إلى الشاشة الرئيسية»',
  app_guide_figure_open: 'الشاشة الرئيسية وعليها أيقونة خليج الفيتامينات',
  app_guide_figure_notify: 'مفتاح الإشعارات في وضع التشغيل',
  app_guide_android_title: 'على Android',
  app_guide_android_body:
    'في Chrome، اضغط القائمة (النقاط الثلاث) واختر «تثبيت التطبيق» أو «إضافة إلى الشاشة الرئيسية». وقد يعرض Chrome ذلك أسفل الشاشة.',
  app_guide_desktop_title: 'على الكمبيوتر',
  app_guide_desktop_body:
    'في Chrome أو Edge، انقر أيقونة التثبيت في نهاية شريط العنوان، أو افتح قائمة المتصفح واختر «تثبيت خليج الفيتامينات».',
  app_guide_installed: 'هل ثبّته من قبل؟ افتح خليج الفيتامينات من شاشتك الرئيسية أو قائمة التطبيقات.',

  app_start_greeting: 'عمّ تبحث اليوم؟',
  app_start_search_label: 'ابحث عن الفيتامينات والمكملات والعلامات التجارية',
  app_start_search_placeholder: 'فيتامين د، أوميغا 3، مغنيسيوم…',
  app_start_search_button: 'بحث',
  app_start_quick_title: 'روابط سريعة',
  app_start_browse_home: 'الذهاب إلى الصفحة الرئيسية للمتجر',
};
