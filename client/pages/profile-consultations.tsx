// /profile/consultations: her consultations, the coming ones first (soonest first), then the past ones
// (newest first), each a link to its page.
import '../styles/orders.css';
import '../styles/consultations.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { localizePath } from '#shared/locale';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { CONSULT_API } from '../consultations/api-paths';
import { consultPaths } from '../consultations/paths';
import { StatusBadge } from '../consultations/StatusBadge';
import { whenText } from '../consultations/times';
import type { ConsultationList, ConsultationSummary } from '../consultations/types';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { Page } from '../ui/Page';

export async function loader(args: LoaderFunctionArgs): Promise<ConsultationList> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => (await api.get<ConsultationList>(CONSULT_API.list)).data);
}

function Item({ c }: { c: ConsultationSummary }) {
  const { t, lang } = useI18n();
  const minor = useMinor();
  return (
    <li className="consult-item" data-testid="consult-item">
      <Link to={consultPaths.detail(lang, c.id)} className="cart-line-name">
        {t('consult_with', { service: c.service.name, name: c.nutritionist.name })}
      </Link>
      <p>{whenText(c.starts_at, c.ends_at, lang, c.country)}</p>
      <p className="cart-line-meta">
        {t(c.mode === 'video' ? 'consult_mode_video' : 'consult_mode_chat')} · <bdi>{minor(c.total, c.currency)}</bdi>
      </p>
      <StatusBadge status={c.status} />
    </li>
  );
}

export function Component() {
  const list = useLoaderData() as ConsultationList;
  const { t, lang } = useI18n();
  const href = useHref();
  const empty = list.upcoming.length === 0 && list.past.length === 0;
  return (
    <Page title={t('page_profile_consultations')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
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
    </Page>
  );
}
