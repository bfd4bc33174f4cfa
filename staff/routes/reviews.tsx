// Moderation of reviews, questions and answers (decision 44): the queue by tab, a decision on one text,
// the shop's answer to a question, the settings. Each form is checked here with the API's own schema
// (so a reject without its reason comes back at once, with what was typed), then handed to the API,
// which checks the permission and the text's state; Post/Redirect/Get on success.
import { Hono, type Context } from 'hono';
import type { TextStatus } from '#shared/reviews/rules';
import { answerInputSchema, moderationDecisionSchema, moderationSettingsSchema } from '#shared/reviews/schemas';
import type { StaffAppEnv } from '../app-env';
import { type ApiAnswer, staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import type { ModerationQueue } from '#shared/reviews/staff-responses';
import { QUEUE_STATUSES, queueHref, ReviewsPage, type ReviewsFormState, type WrittenKind } from '../pages/Reviews';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type C = Context<StaffAppEnv>;

const tabOf = (value: unknown): TextStatus =>
  (QUEUE_STATUSES as readonly unknown[]).includes(value) ? (value as TextStatus) : 'pending';

/** What a redirect's `done` may name, and the message it shows. */
const DONE = {
  decided: 'moderation_decided',
  answered: 'staff_answer_saved',
  settings: 'moderation_settings_saved',
} as const;

async function queuePage(c: C, tab: TextStatus, state?: ReviewsFormState, status = 200) {
  const answer = await staffApi<ModerationQueue>(
    c,
    'GET',
    `/staff/reviews${tab === 'pending' ? '' : `?status=${tab}`}`,
  );
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  return html(
    c,
    <ReviewsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} tab={tab} queue={answer.envelope.data} state={state} />,
    status,
  );
}

const firstIssue = (error: { issues: ReadonlyArray<{ message: string }> }) =>
  error.issues[0]?.message ?? 'validation_failed';

/** The API's reason for a refusal: the first field's message key when it names one. */
function refusal(answer: ApiAnswer<unknown>): string {
  const fields = (answer.envelope.data as { fields?: Array<{ message: string }> } | null)?.fields;
  return fields?.[0]?.message ?? answer.envelope.meta.msg;
}

/** Hands a checked form to the API: back to the tab on success, the page again with the refusal otherwise. */
async function handOn(
  c: C,
  path: string,
  body: unknown,
  tab: TextStatus,
  form: string,
  values: Record<string, string>,
  done: keyof typeof DONE,
) {
  const answer = await staffApi(c, 'POST', path, body);
  if (answer.status === 200) return c.redirect(queueHref(tab, `done=${done}`), 303);
  if (answer.status === 401 || answer.status === 403 || answer.status === 404) return apiFailurePage(c, answer.status);
  if (answer.status >= 500) throw new Error(`staff API answered ${answer.status}`);
  return queuePage(c, tab, { form, error: refusal(answer), values }, answer.status);
}

const PATHS: Record<WrittenKind, string> = {
  review: 'reviews',
  question: 'questions',
  answer: 'answers',
  rating: 'ratings',
};

export const reviewRoutes = new Hono<StaffAppEnv>()
  .get('/reviews', staffPage('reviews:read'), (c) => {
    const done = c.req.query('done');
    const key = done && Object.hasOwn(DONE, done) ? DONE[done as keyof typeof DONE] : undefined;
    return queuePage(c, tabOf(c.req.query('status')), key ? { done: key } : undefined);
  })
  .post(
    '/reviews/:kind{review|question|answer|rating}/:id{[0-9]{1,15}}/decide',
    staffPage('reviews:moderate'),
    async (c) => {
      const kind = c.req.param('kind') as WrittenKind;
      const id = c.req.param('id');
      const values = await formFields(c);
      const tab = tabOf(values.tab);
      const form = `${kind}-${id}`;
      const input = moderationDecisionSchema.safeParse({ decision: values.decision, reason: values.reason ?? '' });
      if (!input.success) return queuePage(c, tab, { form, error: firstIssue(input.error), values }, 400);
      return handOn(c, `/staff/${PATHS[kind]}/${id}/decide`, input.data, tab, form, values, 'decided');
    },
  )
  .post('/reviews/question/:id{[0-9]{1,15}}/answer', staffPage('reviews:moderate'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const tab = tabOf(values.tab);
    const form = `question-${id}-answer`;
    const input = answerInputSchema.safeParse({ body: values.body ?? '', lang: values.lang });
    if (!input.success) return queuePage(c, tab, { form, error: firstIssue(input.error), values }, 400);
    return handOn(c, `/staff/questions/${id}/answer`, input.data, tab, form, values, 'answered');
  })
  .post('/reviews/settings', staffPage('reviews:moderate'), async (c) => {
    const values = await formFields(c);
    const input = moderationSettingsSchema.safeParse(values);
    // The schema's own messages are not message keys: one text says what the form wants.
    if (!input.success)
      return queuePage(c, 'pending', { form: 'settings', error: 'st_reviews_settings_invalid', values }, 400);
    return handOn(c, '/staff/reviews/settings', input.data, 'pending', 'settings', values, 'settings');
  });
