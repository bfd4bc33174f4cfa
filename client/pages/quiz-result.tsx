// /quiz-result (spec §2): a signed-in shopper's latest result from GET /quiz/result (scored
// again from its stored version, with what changed since the one before); a guest's answers, kept on the
// device, scored by POST /quiz/answer in the browser (the server keeps nothing for guests). Private:
// robots.txt keeps crawlers out and the page says noindex.
import '../styles/quiz.css';
import { useContext, useEffect, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { QuizResultView } from '#shared/quiz/api';
import { hasUserCookie, signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { deviceChanges, readDeviceAnswers, saveDeviceAnswers } from '../quiz/device';
import { ResultView } from '../quiz/ResultView';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'help', texts: ['quiz'], siteIndex: 'shop' } satisfies PageDeclaration;

type Loaded = { signedIn: true; result: QuizResultView | null } | { signedIn: false };

export async function loader(args: LoaderFunctionArgs): Promise<Loaded> {
  const cookies = typeof document !== 'undefined' ? document.cookie : args.request.headers.get('cookie');
  if (!hasUserCookie(cookies)) return { signedIn: false };
  const api = args.context.get(apiContext);
  const result = await signedInCall(args, () => api.get<QuizResultView | null>('/quiz/result').then((r) => r.data));
  return { signedIn: true, result };
}

export function Component() {
  const { t } = useI18n();
  const loaded = useLoaderData() as Loaded;
  return (
    <Page title={t('page_quiz_result')} seo={{ noindex: true }}>
      {loaded.signedIn ? <Stored result={loaded.result} /> : <OnDevice />}
    </Page>
  );
}

function Stored({ result }: { result: QuizResultView | null }) {
  return result ? <ResultView result={result} saved /> : <NoResult />;
}

function NoResult() {
  const { t } = useI18n();
  const href = useHref();
  return (
    <div className="quiz-result">
      <p>{t('quiz_no_result')}</p>
      <p className="quiz-actions">
        <Link className="button" to={href('/quiz')}>
          {t('quiz_start')}
        </Link>
        <Link to={href('/products')}>{t('quiz_shop_without')}</Link>
      </p>
    </div>
  );
}

/** A guest's result: their answers from this device, scored by the server on each visit. */
function OnDevice() {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const [state, setState] = useState<'loading' | 'none' | 'failed' | QuizResultView>('loading');
  useEffect(() => {
    const kept = readDeviceAnswers();
    if (!kept) {
      setState('none');
      return;
    }
    let live = true;
    api
      .post<QuizResultView>('/quiz/answer', { version_id: kept.version_id, answers: kept.answers })
      .then((r) => live && setState({ ...r.data, changes: deviceChanges(kept, r.data) }))
      .catch((error: unknown) => {
        if (!live) return;
        // Answers that no longer fit their version (or a version gone) are dropped: retake.
        if (error instanceof ApiFailure && (error.status === 400 || error.status === 404)) {
          saveDeviceAnswers(null);
          setState('none');
        } else setState('failed');
      });
    return () => {
      live = false;
    };
  }, [api]);
  if (state === 'loading') return <p role="status">{t('quiz_loading')}</p>;
  if (state === 'none') return <NoResult />;
  if (state === 'failed') return <p role="alert">{t('quiz_unavailable')}</p>;
  return <ResultView result={state} saved={false} />;
}
