import type { ordersEn } from './orders.en';

export const ordersAr: Record<keyof typeof ordersEn, string> = {
  cart_empty: 'سلة التسوق فارغة.',
  cart_changed: 'تغيرت بعض المنتجات في سلتك. يرجى مراجعة السلة.',
  idempotency_key_invalid: 'تعذر إرسال الطلب. يرجى المحاولة مرة أخرى.',
  idempotency_conflict: 'أُرسل هذا الطلب من قبل بمنتجات مختلفة. يرجى مراجعة طلبك.',
  address_required: 'يرجى اختيار عنوان التوصيل.',
  address_country_mismatch: 'يجب أن يكون عنوان التوصيل في الدولة التي تتسوق منها.',
  payment_method_required: 'يرجى اختيار طريقة الدفع.',
  payment_method_unavailable: 'طريقة الدفع هذه غير متاحة في دولتك.',
  payment_unavailable: 'الدفع بالبطاقة غير متاح حالياً. يرجى المحاولة لاحقاً أو الدفع بطريقة أخرى.',
  coupon_invalid: 'رمز القسيمة غير صالح.',
  coupon_expired: 'انتهت صلاحية هذه القسيمة.',
  coupon_min_subtotal: 'قيمة سلتك أقل من الحد الأدنى لهذه القسيمة.',
  coupon_used_up: 'نفدت استخدامات هذه القسيمة.',
  coupon_already_used: 'لقد استخدمت هذه القسيمة من قبل.',
  wallet_insufficient: 'رصيد محفظتك لا يكفي لهذا الطلب.',
  wallet_amount_invalid: 'يرجى إدخال مبلغ أكبر من صفر.',
  order_not_payable: 'لا يمكن دفع هذا الطلب مرة أخرى.',
};
