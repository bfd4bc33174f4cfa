// Nutritionist consultations (issue 46, decision 55): the API's messages about booking, paying,
// moving, cancelling and rating a consultation, and the intake form's checks. The booking and profile
// pages add their own texts here.
export const consultationsEn = {
  // The API's messages.
  intake_goal_required: 'Tell the nutritionist what you would like help with.',
  intake_text_too_long: 'This is too long: please shorten it.',
  intake_medicine_class_invalid: 'Choose the kind of medicine from the list.',
  consultation_hold_expired: 'Your held time has expired. Please choose a time again.',
  consultation_time_unavailable: 'This time is no longer free. Please choose another.',
  consultation_service_unavailable: 'This service is not offered in your country.',
  consultation_nutritionist_unavailable: 'This nutritionist is not taking bookings at the moment.',
  consultation_package_invalid: 'This package cannot be used for this booking.',
  consultation_package_unpaid: 'This package is not paid yet.',
  consultation_pay_later_unavailable: 'Paying later is not offered for this amount.',
  consultation_follow_up_invalid: 'A follow-up must follow one of your own consultations with this nutritionist.',
  consultation_not_changeable: 'This consultation can no longer be changed.',
  consultation_reschedule_closed: 'A consultation can be moved until 24 hours before it starts.',
  consultation_reschedule_limit: 'A consultation can be moved at most twice.',
  consultation_refund_card_unavailable: 'This payment cannot be refunded to the card: the refund goes to your wallet.',
  consultation_rating_not_allowed: 'You can rate a consultation once it has taken place.',
  consultation_rating_exists: 'You have already rated this consultation.',
  consultation_health_unavailable: 'Consultations cannot be booked right now. Please try again later.',
} as const;
