import type { accountsEn } from './accounts.en';

export const accountsAr: Record<keyof typeof accountsEn, string> = {
  invalid_credentials: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.',
  email_taken: 'يوجد حساب بهذا البريد الإلكتروني. هل تريد تسجيل الدخول؟',
  reset_link_invalid: 'رابط إعادة التعيين لم يعد صالحاً. يرجى طلب رابط جديد.',
  phone_invalid: 'يرجى إدخال رقم جوال صحيح للدولة المختارة.',
  too_many_attempts: 'محاولات كثيرة. يرجى الانتظار 15 دقيقة ثم المحاولة مرة أخرى.',
};
