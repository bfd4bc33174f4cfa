// The mails of a return's steps (issue 62), in the order's language: asked, the courier booked or the
// label ready, received, checked, and rejected with staff's reason. The refund's own mail is the
// existing 'refunded' one (the refund goes through the order's refund rules).
export type ReturnMailStep = 'requested' | 'pickup_booked' | 'label_ready' | 'received' | 'inspected' | 'rejected';

export function returnMailText(
  ar: boolean,
  orderId: number,
  returnId: number,
  step: ReturnMailStep,
  rejectReason?: string | null,
): { subject: string; body: string } {
  switch (step) {
    case 'requested':
      return ar
        ? {
            subject: `استلمنا طلب الإرجاع رقم ${returnId} للطلب ${orderId}`,
            body: 'استلمنا طلب الإرجاع. سنحجز مندوبًا يستلم المنتجات من عنوانك، ونكتب لك حين يتم الحجز.',
          }
        : {
            subject: `We have your return ${returnId} for order ${orderId}`,
            body: 'We have your return request. We are booking a courier to collect the items from your address and will write when it is booked.',
          };
    case 'pickup_booked':
      return ar
        ? {
            subject: `حجزنا مندوبًا لاستلام الإرجاع رقم ${returnId}`,
            body: 'سيتصل بك المندوب لاستلام المنتجات. جهّزها في عبوتها الأصلية، ويمكنك تنزيل ملصق الإرجاع من صفحة الطلب.',
          }
        : {
            subject: `A courier will collect return ${returnId}`,
            body: 'The courier will call to collect the items. Have them ready in their original packaging; the return label is on the order page.',
          };
    case 'label_ready':
      return ar
        ? {
            subject: `ملصق الإرجاع رقم ${returnId} جاهز`,
            body: 'نزّل ملصق الإرجاع من صفحة الطلب، وألصقه على الطرد، وسلّمه لشركة الشحن.',
          }
        : {
            subject: `Your label for return ${returnId} is ready`,
            body: 'Download the return label from the order page, stick it on the parcel and hand it to the carrier.',
          };
    case 'received':
      return ar
        ? {
            subject: `وصلنا الإرجاع رقم ${returnId}`,
            body: 'وصلتنا المنتجات التي أرجعتها. سنفحصها خلال يومي عمل ونكتب لك.',
          }
        : {
            subject: `We received return ${returnId}`,
            body: 'The items you sent back have arrived. We check them within two working days and will write again.',
          };
    case 'inspected':
      return ar
        ? {
            subject: `فحصنا الإرجاع رقم ${returnId}`,
            body: 'فحصنا المنتجات التي أرجعتها، وسنعيد إليك المبلغ قريبًا.',
          }
        : {
            subject: `We checked return ${returnId}`,
            body: 'We have checked the items you sent back; your refund follows shortly.',
          };
    case 'rejected':
      return ar
        ? {
            subject: `لم نتمكن من قبول الإرجاع رقم ${returnId}`,
            body: `نأسف، لم نتمكن من قبول هذا الإرجاع.${rejectReason ? `\nالسبب: ${rejectReason}` : ''}\nللاستفسار راسلنا من صفحة اتصل بنا.`,
          }
        : {
            subject: `We could not accept return ${returnId}`,
            body: `We are sorry: we could not accept this return.${rejectReason ? `\nWhy: ${rejectReason}` : ''}\nWrite to us from the contact page with any question.`,
          };
  }
}
