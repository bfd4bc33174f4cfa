// /profile/points (issue 47): her points in the request's country and what they are worth at checkout,
// her tier with its perks and what the next one needs, the points expiring next, the history (each line:
// why, the order / blood test / consultation it is about, +/−, the balance after, the expiry; "show
// older" pages with `before`), and the referral card: her code, copy, the share link, WhatsApp and the
// Web Share API, her friends this month. The loader's one read (GET /loyalty/page) travels in the page's bundle.
import '../styles/points.css';
import { useContext, useState } from 'react';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import type { MessageId } from '#shared/i18n/en';
import type { PointsHistoryLine, PointsHistoryPage, ReferralInfo, LoyaltySummary } from '#shared/loyalty/types';
import type { CurrencyCode } from '#shared/locale';
import { formatNumber } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import { ReferralCard } from '../loyalty/ReferralCard';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'loyalty', texts: ['points'], siteIndex: 'account' } satisfies PageDeclaration;

interface PointsData {
  summary: LoyaltySummary;
  history: PointsHistoryPage;
  referral: ReferralInfo;
}

export async function loader(args: LoaderFunctionArgs): Promise<PointsData> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => {
    // One read for the whole page: the API batches the summary, history and referral card together.
    const page = await api.get<PointsData>('/loyalty/page');
    return page.data;
  });
}

/** The history line's "why": a text per kind, with the number of what it is about. */
export function lineWhy(t: ReturnType<typeof useI18n>['t'], line: PointsHistoryLine): string {
  const id = line.order_id ?? line.blood_test_order_id ?? line.consultation_id;
  if (line.kind === 'earn_reversal' && id === null) return t('points_kind_earn_reversal_plain');
  return t(`points_kind_${line.kind}` as MessageId, { id: id ?? '' });
}

/** Where a line's order, blood test or consultation is shown to her; null when it is about none. */
export function lineLink(href: (path: string) => string, line: PointsHistoryLine): string | null {
  if (line.order_id !== null) return `${href('/profile/orders')}?id=${line.order_id}`;
  if (line.blood_test_order_id !== null)
    return `${href('/profile/blood-tests/ordered')}?id=${line.blood_test_order_id}`;
  if (line.consultation_id !== null) return href(`/profile/consultations/${line.consultation_id}`);
  return null;
}

export function Component() {
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  const data = useLoaderData() as PointsData;
  const { summary, referral } = data;
  const currency = summary.currency as CurrencyCode;
  const number = (n: number) => formatNumber(n, lang, country);
  const date = (ms: number) => formatDate(ms, lang, country);
  const tierName = (tier: string) => t(`points_tier_${tier}` as MessageId);
  const rule = summary.tier_rule;
  const next = summary.next_tier;
  // The share of the way to the next tier's spending, 0–100.
  const progress = next ? Math.min(100, Math.floor((summary.spend_12m / Math.max(1, next.rule.min_spend)) * 100)) : 100;

  return (
    <Page
      title={t('page_profile_points')}
      crumbs={[{ label: t('page_profile'), to: href('/profile') }]}
      seo={{ noindex: true }}
    >
      <div className="points-sections">
        <section className="points-summary form-card" aria-labelledby="points-balance-title">
          <h2 id="points-balance-title">{t('points_balance_label')}</h2>
          <p className="points-balance" data-testid="points-balance">
            {t('points_count', { count: summary.balance })}
          </p>
          <p data-testid="points-value">
            {t('points_balance_value', { value: minor(summary.balance_value, currency) })}
          </p>
          {summary.expiring ? (
            <p className="points-expiring" data-testid="points-expiring">
              {t('points_expiring', { count: summary.expiring.points, date: date(summary.expiring.at) })}
            </p>
          ) : (
            <p className="field-hint">{t('points_expiring_none')}</p>
          )}
          {!summary.rules.is_active && <p className="form-alert">{t('points_paused')}</p>}
          <p className="field-hint">{t('points_country_note', { country: t(`country_${country}` as MessageId) })}</p>
        </section>

        <section className="points-tier form-card" aria-labelledby="points-tier-title" data-testid="points-tier">
          <h2 id="points-tier-title">{t('points_tier_title')}</h2>
          <p className={`points-tier-badge points-tier-${summary.tier}`}>
            {t('points_tier_current', { tier: tierName(summary.tier) })}
          </p>
          <ul className="points-perks">
            <li>
              {rule.earn_multiplier_bp > 10000
                ? t('points_perk_multiplier', { rate: number(rule.earn_multiplier_bp / 10000) })
                : t('points_perk_base')}
            </li>
            {rule.free_delivery_minor !== null && (
              <li>{t('points_perk_free_delivery', { amount: minor(rule.free_delivery_minor, currency) })}</li>
            )}
            {rule.early_access_hours > 0 && (
              <li>{t('points_perk_early_access', { count: rule.early_access_hours })}</li>
            )}
          </ul>
          <p className="field-hint">{t('points_tier_spend', { amount: minor(summary.spend_12m, currency) })}</p>
          {next ? (
            <>
              <p data-testid="points-next-tier">
                {t('points_next_tier', { amount: minor(next.missing, currency), tier: tierName(next.tier) })}
              </p>
              {/* A <progress> rather than a styled width: the CSP allows no inline style attributes. */}
              <progress
                className="points-progress"
                max={100}
                value={progress}
                aria-label={t('points_next_progress', { tier: tierName(next.tier) })}
              />
            </>
          ) : (
            <p data-testid="points-next-tier">{t('points_top_tier')}</p>
          )}
        </section>

        <ReferralCard referral={referral} currency={currency} />

        <section className="form-card" aria-labelledby="points-how-title">
          <h2 id="points-how-title">{t('points_how_title')}</h2>
          <ul className="points-perks">
            <li>{t('points_how_earn', { count: summary.rules.points_per_unit, unit: currency })}</li>
            <li>
              {t('points_how_spend', {
                count: summary.rules.redeem_step_points,
                value: minor(summary.rules.redeem_step_value, currency),
              })}
            </li>
            <li>{t('points_how_expire', { count: summary.rules.expiry_months })}</li>
          </ul>
        </section>
      </div>

      <History first={data.history} />
    </Page>
  );
}

function History({ first }: { first: PointsHistoryPage }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const [lines, setLines] = useState(first.lines);
  const [next, setNext] = useState(first.next);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  async function more() {
    if (next === null) return;
    setLoading(true);
    setFailed(false);
    try {
      const res = await api.get<PointsHistoryPage>(`/loyalty/history?before=${next}`);
      setLines((old) => [...old, ...res.data.lines.filter((l) => !old.some((o) => o.id === l.id))]);
      setNext(res.data.next);
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  }

  return (
    <section aria-labelledby="points-history-title">
      <h2 id="points-history-title" className="section-title">
        {t('points_history_title')}
      </h2>
      {lines.length === 0 ? (
        <p className="field-hint" data-testid="points-history-empty">
          {t('points_history_empty')}
        </p>
      ) : (
        <ul className="points-history" data-testid="points-history">
          {lines.map((line) => {
            const link = lineLink(href, line);
            const why = lineWhy(t, line);
            return (
              <li key={line.id} data-kind={line.kind}>
                <span className="points-why">
                  {link ? <Link to={link}>{why}</Link> : why}
                  {line.reason && <span className="cart-line-meta">{line.reason}</span>}
                  <span className="cart-line-meta">
                    {formatDate(line.at, lang, country)}
                    {line.expires_at !== null && line.amount > 0 && (
                      <>
                        {' · '}
                        {t('points_expires_on', { date: formatDate(line.expires_at, lang, country) })}
                      </>
                    )}
                  </span>
                </span>
                <span className="points-amounts">
                  <bdi
                    dir="ltr"
                    className={line.amount > 0 ? 'amount-in' : 'amount-out'}
                    data-testid="points-line-amount"
                  >
                    {`${line.amount > 0 ? '+' : '−'}${formatNumber(Math.abs(line.amount), lang, country)}`}
                  </bdi>
                  <span className="cart-line-meta">
                    {t('points_balance_after', { points: formatNumber(line.balance_after, lang, country) })}
                  </span>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {failed && (
        <p className="form-alert" role="alert">
          {t('server_error')}
        </p>
      )}
      {next !== null && (
        <p>
          <button
            type="button"
            className="button button-secondary"
            disabled={loading}
            aria-busy={loading || undefined}
            onClick={() => void more()}
            data-testid="points-load-more"
          >
            {t('points_load_more')}
          </button>
        </p>
      )}
    </section>
  );
}
