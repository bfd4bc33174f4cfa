// Moderation of reviews, questions and answers in the back office (decision 44).
export const staffReviewsEn = {
  reject_reason_required: 'Write the reason the author will read.',
  reject_reason_too_long: 'A reason can have at most 300 characters.',
  moderation_decided: 'Decision saved. The author has been told by mail.',
  moderation_settings_saved: 'Moderation settings saved.',
  staff_answer_saved: 'Your answer is published.',
  moderation_already_decided: 'This was already decided that way.',
} as const;
