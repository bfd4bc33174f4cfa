// The quiz's versions: list, a new draft from the active version, a draft's JSON content
// saved (the API checks it with the shared schema and lists the problems), publish. Catalogue
// permissions: reading with catalogue:read, changing with catalogue:write.
import { Hono, type Context } from 'hono';
import type { StaffQuizVersion, StaffQuizVersionId, StaffQuizVersions } from '#shared/quiz/staff';
import type { StaffAppEnv } from '../app-env';
import { staffApi } from '../lib/api';
import { html } from '../lib/render';
import { staffPage } from '../middleware/guards';
import { type QuizFormState, QuizVersionPage, QuizVersionsPage } from '../pages/Quiz';
import { formFields } from './customers';
import { apiFailurePage } from './failure';

type QuizState = QuizFormState;

async function versionPage(c: Context<StaffAppEnv>, id: string, state?: QuizState, status = 200) {
  const answer = await staffApi<StaffQuizVersion>(c, 'GET', `/staff/quiz/versions/${id}`);
  if (answer.status !== 200) return apiFailurePage(c, answer.status);
  const { version, issues } = answer.envelope.data;
  return html(
    c,
    <QuizVersionPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} version={version} issues={issues} state={state} />,
    status,
  );
}

const done = (c: Context<StaffAppEnv>): QuizState | undefined => {
  const key = c.req.query('done');
  return key === 'saved' || key === 'published' ? { done: c.var.t.tKey(`quiz_version_${key}`) } : undefined;
};

/** A refused change: the API's key, and the schema's problems when the content did not parse. */
function refused(
  answer: { status: number; envelope: { meta: { msg: string }; data: unknown } },
  values?: Record<string, string>,
): QuizState {
  const issues = (answer.envelope.data as { issues?: string[] } | null)?.issues;
  return { error: answer.envelope.meta.msg, ...(values ? { values } : {}), ...(issues ? { issues } : {}) };
}

export const quizRoutes = new Hono<StaffAppEnv>()
  .get('/quiz', staffPage('catalogue:read'), async (c) => {
    const answer = await staffApi<StaffQuizVersions>(c, 'GET', '/staff/quiz/versions');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return html(
      c,
      <QuizVersionsPage t={c.var.t} nonce={c.var.nonce} me={c.var.me} versions={answer.envelope.data.versions} />,
    );
  })
  .post('/quiz/new', staffPage('catalogue:write'), async (c) => {
    const answer = await staffApi<StaffQuizVersionId>(c, 'POST', '/staff/quiz/versions');
    if (answer.status !== 200) return apiFailurePage(c, answer.status);
    return c.redirect(`/quiz/${answer.envelope.data.id}`, 303);
  })
  .get('/quiz/:id{[0-9]{1,15}}', staffPage('catalogue:read'), (c) => versionPage(c, c.req.param('id'), done(c)))
  .post('/quiz/:id{[0-9]{1,15}}', staffPage('catalogue:write'), async (c) => {
    const id = c.req.param('id');
    const values = await formFields(c);
    const answer = await staffApi(c, 'POST', `/staff/quiz/versions/${id}`, { content: values.content ?? '' });
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return versionPage(c, id, refused(answer, values), answer.status);
    return c.redirect(`/quiz/${id}?done=saved`, 303);
  })
  .post('/quiz/:id{[0-9]{1,15}}/publish', staffPage('catalogue:write'), async (c) => {
    const id = c.req.param('id');
    const answer = await staffApi(c, 'POST', `/staff/quiz/versions/${id}/publish`);
    if (answer.status === 401 || answer.status === 403 || answer.status === 404)
      return apiFailurePage(c, answer.status);
    if (answer.status !== 200) return versionPage(c, id, refused(answer), answer.status);
    return c.redirect(`/quiz/${id}?done=published`, 303);
  });
