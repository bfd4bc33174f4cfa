// مراجعة التقييمات والأسئلة والأجوبة في لوحة الإدارة (القرار 44).
import type { staffReviewsEn } from './staff-reviews.en';

export const staffReviewsAr: Record<keyof typeof staffReviewsEn, string> = {
  reject_reason_required: 'اكتب السبب الذي سيقرؤه الكاتب.',
  reject_reason_too_long: 'يمكن أن يحتوي السبب على 300 حرف على الأكثر.',
  moderation_decided: 'حُفظ القرار وأُبلغ الكاتب بالبريد.',
  moderation_settings_saved: 'حُفظت إعدادات المراجعة.',
  staff_answer_saved: 'نُشرت إجابتك.',
  moderation_already_decided: 'اتُّخذ هذا القرار من قبل.',
};
