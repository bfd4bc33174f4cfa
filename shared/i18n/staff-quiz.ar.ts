// The back office's quiz area (issue 17): the Arabic texts of staff-quiz.en.ts.
import type { Translated } from './plural';
import type { staffQuizEn } from './staff-quiz.en';

export const staffQuizAr: Translated<typeof staffQuizEn> = {
  st_nav_quiz: 'الاختبار',
  st_quiz_title: 'اختبار المكملات',
  st_quiz_intro:
    'كل نسخة من الاختبار تضم أسئلته وقواعد التقييم وتنبيهات السلامة. النسخ المنشورة لا تتغير أبداً حتى يمكن دائماً شرح نتيجة أي متسوق؛ لتغيير الاختبار أنشئ مسودة وعدّلها ثم انشرها.',
  st_quiz_new_draft: 'مسودة جديدة من النسخة النشطة',
  st_quiz_none: 'لا توجد أي نسخة من الاختبار بعد.',
  st_quiz_version: 'النسخة {{id}}',
  st_quiz_status: 'الحالة',
  st_quiz_status_draft: 'مسودة',
  st_quiz_status_active: 'نشطة',
  st_quiz_status_retired: 'متقاعدة',
  st_quiz_created_by: 'أنشأها',
  st_quiz_created_at: 'تاريخ الإنشاء',
  st_quiz_published_at: 'تاريخ النشر',
  st_quiz_seed: 'البيانات الأولية',
  st_quiz_back: 'كل نسخ الاختبار',
  st_quiz_content_label: 'المحتوى (JSON)',
  st_quiz_content_hint:
    'الأسئلة (8 على الأكثر) والقواعد والمكونات والتنبيهات، وكل نص بالإنجليزية والعربية. يُتحقق منه عند الحفظ.',
  st_quiz_save: 'حفظ المسودة',
  st_quiz_publish: 'نشر هذه النسخة',
  st_quiz_publish_hint: 'يحصل المتسوقون على هذه النسخة فوراً، وتتقاعد النسخة النشطة ولا يمكن تغييرها بعد ذلك.',
  st_quiz_read_only: 'هذه النسخة منشورة ولا يمكن تغييرها.',
  st_quiz_problems: 'المشكلات',
  st_quiz_preview: 'معاينة',
  st_quiz_question_count: {
    zero: 'لا أسئلة',
    one: 'سؤال واحد',
    two: 'سؤالان',
    few: '{{count}} أسئلة',
    many: '{{count}} سؤالاً',
    other: '{{count}} سؤال',
  },
  st_quiz_single: 'إجابة واحدة',
  st_quiz_multi: 'عدة إجابات',
  st_quiz_shown_if: 'يُطرح فقط عندما تكون الإجابة عن «{{question}}»: {{options}}',
};
