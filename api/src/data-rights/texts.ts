// The texts of the data archive and its mails, in the shopper's language: what each file of the
// archive holds, and that it is ready (with how long it stays).
import { localizePath, type Lang } from '#shared/locale';
import { CORE, COUNTRY_CODES } from '#shared/countries';

/** Each served currency's decimal places, as the readme explains "minor": "KWD 3, SAR 2" (Arabic: the currency's name). */
const minorUnits = (lang: Lang) =>
  COUNTRY_CODES.map((c) => `${lang === 'ar' ? CORE[c].currencyName.ar : CORE[c].currency} ${CORE[c].decimals}`).join(
    lang === 'ar' ? '، ' : ', ',
  );

export function readmeText(lang: Lang, exportedAt: string): string {
  const lines =
    lang === 'ar'
      ? [
          'بياناتك لدى خليج الفيتامينات',
          `أُعدّ هذا الملف في ${exportedAt} (بالتوقيت العالمي المنسق).`,
          '',
          'يحتوي على كل ما نحفظه عنك، في ملفات JSON يمكن قراءتها بأي محرر نصوص:',
          '- account.json: حسابك (الاسم والبريد والجوال واللغة وتاريخ التسجيل) واختيارات الإشعارات.',
          '- addresses.json: عناوينك المحفوظة.',
          '- orders.json: طلباتك مع منتجاتها ومبالغها (بالوحدة الصغرى للعملة، ومنسّقة كما تظهر في المتجر) والاسترداد والهدايا.',
          '- invoices/: الفواتير الضريبية لطلباتك في البلدان التي تُصدر فيها فواتير ضريبية، كما يعرضها المتجر.',
          '- wallet.json: رصيد محفظتك وسجل حركاتها.',
          '- points.json: نقاطك في كل بلد ومستواك، سجل حركاتها، رمز الدعوة الخاص بك والأصدقاء الذين دعوتهم.',
          '- wishlists.json و alerts.json: قوائم الأمنيات وتنبيهات توفر المنتجات.',
          '- quiz-results.json: إجاباتك في اختبار المكملات ونتائجه.',
          '- blood-tests.json: ملفك لقراءة النتائج، الأشخاص الذين حجزت لهم، طلبات تحاليل الدم ونتائجها المعتمدة، والنتائج التي رفعتها مع قيمها.',
          '- uploads/: الملفات الأصلية التي رفعتها، مفكوكة التشفير.',
          '- reviews.json: تقييماتك وأسئلتك وإجاباتك.',
          '- subscriptions.json: اشتراكاتك.',
          '- consents.json: الموافقات التي أعطيتها على معالجة البيانات الصحية (نسخة النص ووقتها).',
          '- requests.json: طلباتك بخصوص بياناتك.',
          '',
          `المبالغ: "minor" بالوحدة الصغرى لعملتها (المنازل العشرية: ${minorUnits('ar')})، و"formatted" كما تظهر في المتجر. الأوقات بالمللي ثانية منذ 1970-01-01 (التوقيت العالمي).`,
          'هذا الملف يحتوي على بيانات صحية: احفظه في مكان آمن.',
          'لحذف حسابك وبياناتك: صفحة حسابك في المتجر، أو راسلنا من صفحة تواصل معنا.',
        ]
      : [
          'Your data at Gulf Vitamins',
          `Prepared on ${exportedAt} (UTC).`,
          '',
          'Everything the shop keeps about you, as JSON files any text editor opens:',
          '- account.json: your account (name, e-mail, mobile, language, when you joined) and notification choices.',
          '- addresses.json: your saved addresses.',
          '- orders.json: your orders with their products and amounts (in minor units, and formatted as the shop shows them), refunds and gifts.',
          '- invoices/: the tax invoices of your orders in the countries that issue them, as the shop renders them.',
          '- wallet.json: your wallet balance and its history.',
          '- points.json: your points and tier in each country, their history, your referral code and the friends you referred.',
          '- wishlists.json and alerts.json: your wishlists and back-in-stock alerts.',
          '- quiz-results.json: your supplement quiz answers and results.',
          '- blood-tests.json: your reading profile, the people you booked for, your blood-test orders with their approved results, and the results you uploaded with their values.',
          '- uploads/: the original files you uploaded, decrypted.',
          '- reviews.json: your reviews, questions and answers.',
          '- subscriptions.json: your subscriptions.',
          '- consents.json: the consents you gave to process health data (the text version and when).',
          '- requests.json: your requests about your data.',
          '',
          `Amounts: "minor" in minor units of their currency (decimal places: ${minorUnits('en')}), "formatted" as the shop shows them. Times are milliseconds since 1970-01-01 UTC.`,
          'This archive holds health data: keep it somewhere safe.',
          'To delete your account and data: your account page in the shop, or write to us from the Contact page.',
        ];
  return `${lines.join('\n')}\n`;
}

export function exportReadyMail(
  lang: Lang,
  r: { expiresAt: string },
  siteOrigin: string,
): { subject: string; text: string } {
  const link = `${siteOrigin}${localizePath('/profile/account', lang)}#account-data`;
  return lang === 'ar'
    ? {
        subject: 'ملف بياناتك جاهز – خليج الفيتامينات',
        text: `أعددنا ملفًا بكل بياناتك لدينا. سجّل الدخول وافتح صفحة حسابك لتنزيله:\n\n${link}\n\nيبقى الرابط صالحًا حتى ${r.expiresAt}، ثم نحذف الملف. إن لم تطلب ذلك، غيّر كلمة المرور وراسلنا.`,
      }
    : {
        subject: 'Your data is ready to download – Gulf Vitamins',
        text: `We have prepared an archive of all your data. Sign in and open your account page to download it:\n\n${link}\n\nThe link works until ${r.expiresAt}; then the archive is deleted. If you did not ask for this, change your password and write to us.`,
      };
}

export function retentionNoticeMail(
  lang: Lang,
  r: { files: string[]; deleteOn: string; days: number },
  siteOrigin: string,
): { subject: string; text: string } {
  const link = `${siteOrigin}${localizePath('/profile/blood-tests/uploaded', lang)}`;
  const list = r.files.map((f) => `- ${f}`).join('\n');
  return lang === 'ar'
    ? {
        subject: 'سنحذف ملفات نتائج رفعتها – خليج الفيتامينات',
        text: `لم تفتح هذه الملفات التي رفعتها منذ مدة، ونحذف الملفات غير المفتوحة بعد ${arabicDays(r.days)} حفاظًا على خصوصيتك:\n\n${list}\n\nسنحذفها في ${r.deleteOn} أو بعده. تبقى النتائج والقيم التي أكدتها. لتحتفظ بالملفات، افتحها أو نزّلها قبل ذلك:\n\n${link}`,
      }
    : {
        subject: 'Uploaded result files will be deleted – Gulf Vitamins',
        text: `You have not opened these uploaded files for a while, and to protect your privacy we delete files nobody opens for ${r.days} days:\n\n${list}\n\nThey will be deleted on or after ${r.deleteOn}. The results and values you confirmed stay. To keep the files, open or download them before then:\n\n${link}`,
      };
}

/** "365 يومًا", "3 أيام", "يومين": the day count with the noun its number takes in Arabic. */
function arabicDays(n: number): string {
  const forms: Record<string, string> = {
    zero: `${n} يوم`,
    one: 'يوم واحد',
    two: 'يومين',
    few: `${n} أيام`,
    many: `${n} يومًا`,
    other: `${n} يوم`,
  };
  return forms[new Intl.PluralRules('ar').select(n)]!;
}
