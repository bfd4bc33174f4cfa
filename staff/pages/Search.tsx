// Search: the synonym sets with their phrases in both languages, and the searches of the
// last 30 days that found nothing, per language.
import { formatDate } from '#shared/text/dates';
import type { SynonymSetView, ZeroResultRow, ZeroResults } from '#shared/api/staff-search-responses';
import type { StaffTranslator } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';
import { Notice, type FormState } from './Customers';
import { HOME_COUNTRY } from '#shared/countries';

function ZeroTable({ t, rows, lang }: { t: StaffTranslator; rows: ZeroResultRow[]; lang: 'en' | 'ar' }) {
  if (rows.length === 0) return <p>{t.t('st_search_zero_none')}</p>;
  return (
    <div className="table-wrap">
      <table>
        <thead>
          <tr>
            <th scope="col">{t.t('st_search_term')}</th>
            <th scope="col">{t.t('st_search_times')}</th>
            <th scope="col">{t.t('st_search_last')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.term}>
              <td lang={lang} dir="auto">
                {r.example || r.term}
              </td>
              <td>{t.n(r.searches)}</td>
              <td>{formatDate(r.last_seen, t.lang, HOME_COUNTRY)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function SearchPage(props: {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
  sets: SynonymSetView[];
  zero: ZeroResults;
  state?: FormState;
}) {
  const { t, me, sets, zero, state } = props;
  const canWrite = me.permissions.includes('search:write');
  return (
    <Layout t={t} nonce={props.nonce} me={me} title={t.t('st_search_title')} path="/search">
      <h1>{t.t('st_search_title')}</h1>
      <Notice t={t} state={state} />
      <h2 id="zero">{t.t('st_search_zero')}</h2>
      <p className="muted">{t.t('st_search_zero_intro', { days: t.n(zero.days) })}</p>
      <div className="cards">
        <section aria-labelledby="zero-en">
          <h3 id="zero-en">{t.t('st_search_zero_en')}</h3>
          <ZeroTable t={t} rows={zero.en} lang="en" />
        </section>
        <section aria-labelledby="zero-ar">
          <h3 id="zero-ar">{t.t('st_search_zero_ar')}</h3>
          <ZeroTable t={t} rows={zero.ar} lang="ar" />
        </section>
      </div>

      <h2 id="synonyms">{t.t('st_search_synonyms')}</h2>
      <p className="muted">{t.t('st_search_intro')}</p>
      {canWrite && (
        <form method="post" action="/search/synonyms" className="filters card">
          <div className="grow">
            <label htmlFor="new-phrase">{t.t('st_search_new_set')}</label>
            <input
              type="text"
              id="new-phrase"
              name="phrase"
              required
              maxLength={80}
              dir="auto"
              aria-describedby="new-hint"
              defaultValue={state?.values?.set_id ? '' : state?.values?.phrase}
            />
            <small id="new-hint" className="muted">
              {t.t('st_search_new_set_hint')}
            </small>
          </div>
          <button type="submit">{t.t('st_search_add')}</button>
        </form>
      )}
      <div className="cards">
        {sets.map((s) => (
          <section key={s.set_id} className="card" aria-labelledby={`set-${s.set_id}`}>
            <h3 id={`set-${s.set_id}`}>{t.t('st_search_set', { id: t.n(s.set_id) })}</h3>
            <ul className="chips">
              {s.phrases.map((p) => (
                <li key={p.id}>
                  <span dir="auto">{p.phrase}</span>
                  {canWrite && (
                    <form method="post" action={`/search/synonyms/${p.id}/remove`} className="inline">
                      <button
                        type="submit"
                        className="link"
                        aria-label={t.t('st_search_remove_label', { phrase: p.phrase })}
                      >
                        {t.t('st_search_remove')}
                      </button>
                    </form>
                  )}
                </li>
              ))}
            </ul>
            {canWrite && (
              <form method="post" action="/search/synonyms" className="filters">
                <input type="hidden" name="set_id" value={s.set_id} />
                <div className="grow">
                  <label htmlFor={`phrase-${s.set_id}`} className="visually-hidden">
                    {t.t('st_search_add_to', { id: t.n(s.set_id) })}
                  </label>
                  <input type="text" id={`phrase-${s.set_id}`} name="phrase" required maxLength={80} dir="auto" />
                </div>
                <button type="submit" className="secondary">
                  {t.t('st_search_add')}
                </button>
              </form>
            )}
          </section>
        ))}
      </div>
    </Layout>
  );
}
