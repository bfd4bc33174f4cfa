// استشارات أخصائيي التغذية (المسألة 46، القرار 55): رسائل الواجهة البرمجية عن الحجز والدفع والتأجيل
// والإلغاء والتقييم، وفحوص استمارة ما قبل الاستشارة.
import type { Translated } from './plural';
import type { consultationsEn } from './consultations.en';

export const consultationsAr: Translated<typeof consultationsEn> = {
  intake_goal_required: 'أخبري أخصائي التغذية بما تريدين المساعدة فيه.',
  intake_text_too_long: 'النص طويل جدًا: يرجى اختصاره.',
  intake_medicine_class_invalid: 'اختاري نوع الدواء من القائمة.',
  consultation_hold_expired: 'انتهت مدة حجز الموعد. يرجى اختيار الموعد مرة أخرى.',
  consultation_time_unavailable: 'لم يعد هذا الموعد متاحًا. يرجى اختيار موعد آخر.',
  consultation_service_unavailable: 'هذه الخدمة غير متوفرة في بلدك.',
  consultation_nutritionist_unavailable: 'أخصائي التغذية هذا لا يستقبل حجوزات حاليًا.',
  consultation_package_invalid: 'لا يمكن استخدام هذه الباقة لهذا الحجز.',
  consultation_package_unpaid: 'لم تُدفع هذه الباقة بعد.',
  consultation_pay_later_unavailable: 'الدفع لاحقًا غير متاح لهذا المبلغ.',
  consultation_follow_up_invalid: 'يجب أن تتبع جلسة المتابعة إحدى استشاراتك مع أخصائي التغذية نفسه.',
  consultation_not_changeable: 'لم يعد من الممكن تغيير هذه الاستشارة.',
  consultation_reschedule_closed: 'يمكن تغيير موعد الاستشارة حتى 24 ساعة قبل بدايتها.',
  consultation_reschedule_limit: 'يمكن تغيير موعد الاستشارة مرتين على الأكثر.',
  consultation_refund_card_unavailable: 'لا يمكن رد هذا المبلغ إلى البطاقة: سيُرد إلى محفظتك.',
  consultation_rating_not_allowed: 'يمكنك تقييم الاستشارة بعد انعقادها.',
  consultation_rating_exists: 'لقد قيّمت هذه الاستشارة من قبل.',
  consultation_health_unavailable: 'لا يمكن حجز الاستشارات الآن. يرجى المحاولة لاحقًا.',
};
