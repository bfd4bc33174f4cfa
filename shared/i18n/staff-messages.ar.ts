// The back office's own message keys (shared/api/staff-message-keys.ts), in Arabic.
import type { Translated } from './plural';
import type { staffMessagesEn } from './staff-messages.en';

export const staffMessagesAr: Translated<typeof staffMessagesEn> = {
  totp_invalid: 'الرمز غير صحيح. اكتب الأرقام الستة التي يعرضها تطبيق المصادقة الآن.',
  sign_in_ticket_invalid: 'استغرق تسجيل الدخول وقتًا طويلًا. يرجى البدء من جديد.',
  transition_not_allowed: 'هذه الخطوة غير ممكنة من حالة الطلب الحالية.',
  staff_email_taken: 'يوجد عضو في فريق العمل بهذا البريد الإلكتروني.',
  staff_last_owner: 'يحتاج المتجر إلى مالك واحد على الأقل لكل الدول: هذا التغيير لن يُبقي أحدًا.',
  staff_not_yourself: 'لا يمكنك تغيير صلاحياتك بهذه الطريقة.',
  staff_grants_repeated: 'يمكن منح كل دور مرة واحدة لكل دولة.',
  invitation_invalid: 'انتهت صلاحية رابط الدعوة أو استُخدم من قبل. اطلب رابطًا جديدًا من المالك.',
  // The back office: blood tests, visits and results (issue 14, lab area).
  date_invalid: 'يرجى إدخال تاريخ صحيح (YYYY-MM-DD).',
  result_value_invalid: 'يرجى إدخال القيمة رقمًا، مثل 32.5.',
  result_range_invalid: 'يرجى مراجعة المدى المرجعي: أرقام، والحد الأدنى لا يتجاوز الأعلى.',
  results_same_person: 'يجب أن يعتمد النتائج شخص آخر: أنت من أدخل إحداها أو عدّلها آخر مرة.',
  results_incomplete: 'أدخل قيمة لكل مؤشر قبل الاعتماد.',
  results_locked: 'أُرسلت هذه النتائج إلى العميل ولم يعد تعديلها ممكنًا.',
  results_nothing_to_approve: 'لا توجد نتائج بانتظار الاعتماد في هذا الطلب.',
  price_invalid: 'يرجى إدخال السعر بوحدات العملة، مثل 9.500.',
  old_price_not_higher: 'يجب أن يكون السعر القديم أعلى من السعر.',
  // The back office: catalogue (issue 14).
  catalogue_field_required: 'هذا الحقل مطلوب.',
  catalogue_text_too_long: 'هذا النص طويل جدًا.',
  old_price_not_above_price: 'يجب أن يكون السعر السابق أعلى من السعر.',
  buy_limit_invalid: 'حد الشراء عدد صحيح من 1 إلى 999، أو فارغ بلا حد.',
  stock_invalid: 'اكتب عددًا صحيحًا من الوحدات؛ لا يمكن أن يقل المخزون عن 0.',
  reason_required: 'اذكر سبب تغيير المخزون.',
  image_missing: 'اختر ملف صورة.',
  image_too_large: 'حجم الصورة أكبر من 5 ميغابايت.',
  image_type_unsupported: 'يمكن رفع صور JPEG وPNG وWebP فقط.',
  category_not_found: 'هذه الفئة غير موجودة.',
  brand_not_found: 'هذه العلامة التجارية غير موجودة.',
  // The back office: customers, promotions, search (issue 14).
  customer_already_erased: 'تم مسح بيانات هذا العميل من قبل.',
  customer_erase_email_mismatch: 'البريد الإلكتروني لا يطابق بريد العميل.',
  coupon_code_taken: 'هذا الرمز مستخدم لقسيمة أخرى.',
  coupon_max_below_used: 'لا يمكن أن يكون الحد الإجمالي أقل من عدد مرات استخدام القسيمة.',
  synonym_phrase_invalid: 'اكتب كلمة أو عبارة.',
  synonym_exists: 'هذه العبارة موجودة في المجموعة.',
  // The back office: orders (issue 14).
  refund_exceeds_paid: 'مبلغ الاسترداد أكبر من المتبقي من المبلغ المدفوع.',
  refund_needs_account: 'هذا الطلب بدون حساب: استرد المبلغ عبر بوابة الدفع.',
  refund_no_card_payment: 'لا يوجد دفع بالبطاقة في هذا الطلب لاسترداده عبر البوابة.',
  refund_gateway_failed: 'رفضت بوابة الدفع الاسترداد. لم يُسترد أي مبلغ.',
  stock_changed:
    'تغيّر المخزون أثناء التعديل (بسبب طلب أو موظف آخر). يعرض النموذج الآن الرقم الحالي: راجعه واحفظ مرة أخرى.',
  refund_not_pending: 'هذا الاسترداد لم يعد بانتظار بوابة الدفع.',
  // The back office: adding and deleting catalogue entries, home banners (issue 14).
  colour_invalid: 'اختر لوناً (‎#rrggbb‎).',
  delete_not_confirmed: 'ضع علامة في المربع لتأكيد الحذف.',
  banner_link_invalid:
    'اكتب صفحة من هذا المتجر تبدأ بـ / (مثل ‎/products?category=3‎) دون ‎/ar‎: الصفحات العربية تضيفها تلقائياً.',
  product_has_orders: 'طُلب هذا المنتج من قبل، فيبقى من أجل الطلبات التي تذكره. أخفه عن المتسوقين بدلاً من ذلك.',
  sku_has_orders: 'طُلب هذا الحجم من قبل، فيبقى من أجل الطلبات التي تذكره. اجعل مخزونه 0 بدلاً من ذلك.',
  sku_last: 'يحتاج المنتج إلى حجم واحد على الأقل. احذف المنتج بدلاً من ذلك.',
  category_in_use: 'ما زالت في هذه الفئة منتجات أو فئات فرعية. انقلها إلى فئة أخرى أولاً.',
  category_parent_invalid: 'توضع الفئة الفرعية تحت فئة رئيسية.',
  brand_in_use: 'ما زالت لهذه العلامة التجارية منتجات. انقلها إلى علامة أخرى أولاً.',
  home_section_changed: 'غيّر شخص آخر صف اللافتات هذا في الأثناء. راجعه وحاول مرة أخرى.',
  nutritionist_featured: 'لافتة أخصائي التغذية في الصفحة الرئيسية تعرض هذا الأخصائي. اختر غيره للافتة أولاً.',
  image_last: 'يحتفظ المنتج الظاهر للمتسوقين بصورة واحدة على الأقل. ارفع صورة أخرى أولاً، أو أخفِ المنتج.',
  quiz_content_invalid: 'محتوى الاختبار لا يتبع صيغة الاختبار. راجع المشكلات المذكورة أدناه.',
  quiz_version_not_draft: 'يمكن تعديل المسودة أو نشرها فقط. أنشئ مسودة جديدة من النسخة النشطة.',
  quiz_version_saved: 'تم حفظ المسودة.',
  quiz_version_published: 'تم النشر: هذا هو الاختبار الذي يجريه المتسوقون الآن.',
};
