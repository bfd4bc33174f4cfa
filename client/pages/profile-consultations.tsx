// /profile/consultations: her packages with their sessions left (issue 61), then her consultations, the
// coming ones first (soonest first), then the past ones (newest first), each a link to its page.
import '../styles/orders.css';
import '../styles/consultations.css';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { ConsultationListItem, ConsultationListPage } from '#shared/consultations/types';
import { localizePath } from '#shared/locale';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { CONSULT_API } from '../consultations/api-paths';
import { consultPaths } from '../consultations/paths';
import { PackageSummary } from '../consultations/PackageSummary';
import { StatusBadge } from '../consultations/StatusBadge';
import { ms, whenText } from '../consultations/times';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'consultation', texts: ['consultations'], siteIndex: 'account' } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<ConsultationListPage> {
  const api = args.context.get(apiContext);
  const page = Number(new URL(args.request.url).searchParams.get('page') ?? '1');
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 });
  // The first page carries her packages too: one trip for the whole page.
  return signedInCall(args, async () => (await api.get<ConsultationListPage>(CONSULT_API.list(page))).data);
}

/** Coming (booked or waiting for its payment, not yet over), soonest first; the rest newest first. */
export function splitConsultations(items: readonly ConsultationListItem[], now: number) {
  const coming = (c: ConsultationListItem) =>
    (c.status === 'booked' || c.status === 'pending_payment') && ms(c.ends_at) > now;
  return {
    upcoming: items.filter(coming).sort((a, b) => ms(a.starts_at) - ms(b.starts_at)),
    past: items.filter((c) => !coming(c)).sort((a, b) => ms(b.starts_at) - ms(a.starts_at)),
  };
}

function Item({ c }: { c: ConsultationListItem }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  return (
    <li className="consult-item" data-testid="consult-item">
      <Link to={consultPaths.detail(lang, c.id)} className="cart-line-name">
        {t('consult_with', { service: c.service.name, name: c.nutritionist.name })}
      </Link>
      <p>{whenText(ms(c.starts_at), ms(c.ends_at), lang, country)}</p>
      <p className="cart-line-meta">
        {t(c.mode === 'video' ? 'consult_mode_video' : 'consult_mode_chat')} ·{' '}
        {c.package_sessions_left === null ? (
          <bdi>{minor(c.total, c.currency)}</bdi>
        ) : (
          <span data-testid="consult-item-package">
            {t('consult_paid_package_left', { count: c.package_sessions_left })}
          </span>
        )}
      </p>
      <StatusBadge status={c.status} />
    </li>
  );
}

export function Component() {
  const loaded = useLoaderData() as ConsultationListPage;
  const { t, lang } = useI18n();
  const href = useHref();
  const list = splitConsultations(loaded.items, Date.now());
  const empty = loaded.items.length === 0;
  const credits = loaded.credits ?? [];
  return (
    <Page title={t('page_profile_consultations')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      {credits.length > 0 && (
        <section aria-labelledby="consult-credits">
          <h2 id="consult-credits">{t('consult_packages_yours')}</h2>
          <ul className="consult-list" data-testid="consult-credits">
            {credits.map((credit) => (
              <li key={credit.id} className="consult-item">
                <PackageSummary credit={credit} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {empty && <p data-testid="consult-none">{t('consult_none_yet')}</p>}
      <p>
        <Link className="button" to={localizePath('/nutritionist-list', lang)}>
          {t('consult_find')}
        </Link>
      </p>
      {list.upcoming.length > 0 && (
        <section aria-labelledby="consult-upcoming">
          <h2 id="consult-upcoming">{t('consult_upcoming')}</h2>
          <ul className="consult-list" data-testid="consult-upcoming">
            {list.upcoming.map((c) => (
              <Item key={c.id} c={c} />
            ))}
          </ul>
        </section>
      )}
      {list.past.length > 0 && (
        <section aria-labelledby="consult-past">
          <h2 id="consult-past">{t('consult_past')}</h2>
          <ul className="consult-list" data-testid="consult-past">
            {list.past.map((c) => (
              <Item key={c.id} c={c} />
            ))}
          </ul>
        </section>
      )}
      {loaded.page_count > 1 && (
        <nav className="form-actions" aria-label={t('consult_pages_label')}>
          {loaded.page > 1 && (
            <Link to={`${href('/profile/consultations')}?page=${loaded.page - 1}`}>{t('consult_page_prev')}</Link>
          )}
          {loaded.page < loaded.page_count && (
            <Link to={`${href('/profile/consultations')}?page=${loaded.page + 1}`}>{t('consult_page_next')}</Link>
          )}
        </nav>
      )}
    </Page>
  );
}
