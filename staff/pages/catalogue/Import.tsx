// The catalogue's import and export page (decision 48): the export link, the form that checks a file,
// a refused check's problems line by line, the imports so far; and one import's page with what it does,
// its lines, and the button that imports it or undoes it.
import { type ImportProblem, undoUntil } from '#shared/catalogue/import-format';
import { formatDate } from '#shared/text/dates';
import type { ImportCheckAnswer, ImportDetail, ImportListRow, ImportSummary } from '#shared/api/staff-import-schemas';
import type { StaffSelf } from '../../lib/api';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';
import { Layout } from '../Layout';
import { CatalogueLinks, canWrite, countryNames } from './parts';
import { basePricedCountries, HOME_COUNTRY } from '#shared/countries';
import { countriesFor } from '#shared/staff/permissions';

type ImportLine = ImportDetail['lines'][number];
/** What the page shows after a refused import or undo: the message and the lines it names. */
export interface ImportRefusal {
  msg: string;
  lines?: Array<{ line: number; why?: 'edited' | 'in_use'; stock?: number; countries?: string[] }>;
}

/** A problem's values as the page shows them: the countries a price problem names, by name. */
const shownParams = (t: StaffTranslator, params: ImportProblem['params']) =>
  params && typeof params.countries === 'string'
    ? { ...params, countries: countryNames(t, params.countries.split(',')) }
    : params;

interface Common {
  t: StaffTranslator;
  nonce: string;
  me: StaffSelf;
}

const when = (t: StaffTranslator, at: number) => formatDate(at, t.lang, HOME_COUNTRY, { time: true });

function ProblemTable({
  t,
  title,
  problems,
  count,
}: {
  t: StaffTranslator;
  title: string;
  problems: ImportProblem[];
  count: number;
}) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={`${title}-title`}>
      <h2 id={`${title}-title`}>
        {t.t(title === 'problems' ? 'st_import_problems' : 'st_import_warnings', { count })}
      </h2>
      {problems.length < count && (
        <p className="muted">{t.t('st_import_listed_first', { shown: t.n(problems.length) })}</p>
      )}
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_import_col_line')}</th>
              <th scope="col">{t.t('st_import_col_column')}</th>
              <th scope="col">{t.t('st_import_col_problem')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={`${p.line}-${p.column}-${i}`}>
                <td className="mono">{t.n(p.line)}</td>
                <td className="mono" dir="ltr">
                  {p.column ?? ''}
                </td>
                <td>{t.tKey(p.msg, shownParams(t, p.params))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function Summary({ t, summary }: { t: StaffTranslator; summary: ImportSummary }) {
  const parts: Array<[StaffTextId, number]> = [
    ['st_import_products_create', summary.products.create],
    ['st_import_products_update', summary.products.update],
    ['st_import_skus_create', summary.skus.create],
    ['st_import_skus_update', summary.skus.update],
    ['st_import_brands_create', summary.brands.length],
    ['st_import_categories_create', summary.categories.length],
    ['st_import_stock_skus', summary.stock.skus],
    ['st_import_units_added', summary.stock.added],
    ['st_import_units_removed', summary.stock.removed],
    ['st_import_products_keep', summary.products.keep],
  ];
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">{t.t('st_import_summary')}</h2>
      <ul className="import-summary">
        {parts
          .filter(([, n]) => n > 0)
          .map(([key, count]) => (
            <li key={key}>{t.t(key, { count })}</li>
          ))}
      </ul>
    </section>
  );
}

const STATUS: Record<ImportListRow['status'], StaffTextId> = {
  checked: 'st_import_status_checked',
  applied: 'st_import_status_applied',
  reverted: 'st_import_status_reverted',
};
const KIND: Record<ImportListRow['kind'], StaffTextId> = {
  catalogue: 'st_import_kind_short_catalogue',
  stock: 'st_import_kind_short_stock',
};

export function ImportPage(
  props: Common & {
    imports: ImportListRow[];
    checked?: ImportCheckAnswer | null;
    failure?: string | null;
    kind?: 'catalogue' | 'stock';
  },
) {
  const { t, checked } = props;
  const kind = props.kind ?? 'catalogue';
  // A role limited to some countries changes prices there only (the check refuses the other lines).
  const pricing = countriesFor(props.me.grants, 'catalogue:write');
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t('st_import_title')} path="/catalogue">
      <h1>{t.t('st_import_title')}</h1>
      <CatalogueLinks t={t} me={props.me} current="/catalogue/import" />
      {props.failure && (
        <p className="note error" role="alert">
          {t.tKey(props.failure)}
        </p>
      )}
      {checked && checked.problem_count === 0 && checked.id === null && (
        <p className="note done" role="status">
          {t.t('st_import_nothing')}
        </p>
      )}
      {checked && (
        <>
          <ProblemTable t={t} title="problems" problems={checked.problems} count={checked.problem_count} />
          <ProblemTable t={t} title="warnings" problems={checked.warnings} count={checked.warning_count} />
        </>
      )}
      <section aria-labelledby="export-title">
        <h2 id="export-title">{t.t('st_import_export_title')}</h2>
        <p>{t.t('st_import_export_text')}</p>
        <p>
          <a className="button" href="/catalogue/export.csv" download>
            {t.t('st_import_export_button')}
          </a>
        </p>
      </section>
      {canWrite(props.me) && (
        <section aria-labelledby="check-title">
          <h2 id="check-title">{t.t('st_import_check_title')}</h2>
          <form method="post" action="/catalogue/import" encType="multipart/form-data" className="stack">
            <fieldset>
              <legend>{t.t('st_import_kind')}</legend>
              <label>
                <input type="radio" name="kind" value="catalogue" defaultChecked={kind === 'catalogue'} />{' '}
                {t.t('st_import_kind_catalogue')}
              </label>
              <p className="hint muted">{t.t('st_import_catalogue_help')}</p>
              {pricing && (
                <p className="hint">
                  {t.t('st_import_rights_hint', {
                    countries: countryNames(t, pricing),
                    base: countryNames(t, basePricedCountries()),
                  })}
                </p>
              )}
              <label>
                <input type="radio" name="kind" value="stock" defaultChecked={kind === 'stock'} />{' '}
                {t.t('st_import_kind_stock')}
              </label>
              <p className="hint muted">{t.t('st_import_stock_help')}</p>
            </fieldset>
            <div className="field">
              <label htmlFor="import-file">{t.t('st_import_file')}</label>
              <input id="import-file" name="file" type="file" accept=".csv,text/csv" required />
            </div>
            <p className="hint muted">{t.t('st_import_check_hint')}</p>
            <button type="submit">{t.t('st_import_check_button')}</button>
          </form>
        </section>
      )}
      <section aria-labelledby="recent-title">
        <h2 id="recent-title">{t.t('st_import_recent')}</h2>
        {props.imports.length === 0 ? (
          <p className="muted">{t.t('st_import_none')}</p>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t.t('st_import_col_file')}</th>
                  <th scope="col">{t.t('st_import_col_kind')}</th>
                  <th scope="col">{t.t('st_import_col_lines')}</th>
                  <th scope="col">{t.t('st_import_col_status')}</th>
                  <th scope="col">{t.t('st_import_col_checked')}</th>
                  <th scope="col">{t.t('st_import_col_applied')}</th>
                </tr>
              </thead>
              <tbody>
                {props.imports.map((i) => (
                  <tr key={i.id}>
                    <td className="mono">
                      <a href={`/catalogue/imports/${i.id}`}>{i.id}</a>
                    </td>
                    <td dir="auto">{i.file_name}</td>
                    <td>{t.t(KIND[i.kind])}</td>
                    <td>{t.n(i.row_count)}</td>
                    <td>{t.t(STATUS[i.status])}</td>
                    <td>{t.t('st_import_by', { name: i.checked_by, date: when(t, i.checked_at) })}</td>
                    <td>
                      {i.applied_at && i.applied_by
                        ? t.t('st_import_by', { name: i.applied_by, date: when(t, i.applied_at) })
                        : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </Layout>
  );
}

function change(t: StaffTranslator, line: ImportLine): string {
  const parts: string[] = [];
  if (line.product_action)
    parts.push(`${t.t('st_import_col_product')}: ${t.t(`st_import_action_${line.product_action}`)}`);
  if (line.sku_action !== 'keep')
    parts.push(`${t.t('st_import_col_size')}: ${t.t(`st_import_action_${line.sku_action}`)}`);
  if (line.stock_delta > 0) parts.push(t.t('st_import_stock_add', { count: line.stock_delta }));
  if (line.stock_delta < 0) parts.push(t.t('st_import_stock_take', { count: -line.stock_delta }));
  return parts.join(' · ');
}

export function ImportDetailPage(
  props: Common & { data: ImportDetail; done?: string; refusal?: ImportRefusal | null },
) {
  const { t, data, refusal } = props;
  const imp = data.import;
  const ar = t.lang === 'ar';
  const title = t.t('st_import_detail_title', { id: imp.id, file: imp.file_name });
  // Undo is kept CATALOGUE_UNDO_DAYS after applying (the plan lines go then: issue 48's retention).
  const undoEnds = imp.applied_at ? undoUntil(imp.applied_at) : null;
  // Lines naming countries are prices the member may not move (shown with the refusal); the others block an undo.
  const refused = refusal?.lines?.filter((l) => l.countries) ?? [];
  const blockers: NonNullable<ImportRefusal['lines']> = refusal?.lines
    ? refusal.lines.filter((l) => !l.countries)
    : imp.status === 'applied'
      ? data.conflicts
      : [];
  const pageLink = (page: number) => `/catalogue/imports/${imp.id}?page=${page}`;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={title} path="/catalogue">
      <h1 dir="auto">{title}</h1>
      <CatalogueLinks t={t} me={props.me} current="/catalogue/import" />
      <p>
        <a href="/catalogue/import">{t.t('st_import_back')}</a>
      </p>
      {refusal ? (
        <div className="note error" role="alert">
          <p>{t.tKey(refusal.msg)}</p>
          {refused.length > 0 && (
            <ul>
              {refused.map((l) => (
                <li key={l.line}>
                  {t.t('st_import_refused_line', { line: t.n(l.line), countries: countryNames(t, l.countries ?? []) })}
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        props.done && (
          <p className="note done" role="status">
            {t.tKey(props.done)}
          </p>
        )
      )}
      <dl className="facts">
        <dt>{t.t('st_import_col_kind')}</dt>
        <dd>{t.t(KIND[imp.kind])}</dd>
        <dt>{t.t('st_import_col_status')}</dt>
        <dd>{t.t(STATUS[imp.status])}</dd>
        <dt>{t.t('st_import_col_checked')}</dt>
        <dd>{t.t('st_import_by', { name: imp.checked_by, date: when(t, imp.checked_at) })}</dd>
        {imp.applied_at && imp.applied_by && (
          <>
            <dt>{t.t('st_import_col_applied')}</dt>
            <dd>{t.t('st_import_by', { name: imp.applied_by, date: when(t, imp.applied_at) })}</dd>
          </>
        )}
        {imp.reverted_at && imp.reverted_by && (
          <>
            <dt>{t.t('st_import_status_reverted')}</dt>
            <dd>{t.t('st_import_by', { name: imp.reverted_by, date: when(t, imp.reverted_at) })}</dd>
          </>
        )}
      </dl>
      <Summary t={t} summary={imp.summary} />
      <ProblemTable
        t={t}
        title="warnings"
        problems={imp.summary.warnings ?? []}
        count={imp.summary.warning_count ?? 0}
      />
      {canWrite(props.me) && imp.status === 'checked' && (
        <form method="post" action={`/catalogue/imports/${imp.id}/apply`} className="stack">
          <p className="hint muted">{t.t('st_import_apply_hint')}</p>
          <button type="submit">{t.t('st_import_apply_button', { count: imp.row_count })}</button>
        </form>
      )}
      {canWrite(props.me) && imp.status === 'applied' && undoEnds !== null && undoEnds < Date.now() && (
        <p className="hint muted">{t.t('st_import_undo_expired', { date: when(t, undoEnds) })}</p>
      )}
      {canWrite(props.me) && imp.status === 'applied' && (undoEnds === null || undoEnds >= Date.now()) && (
        <form method="post" action={`/catalogue/imports/${imp.id}/revert`} className="stack">
          <p className="hint muted">{t.t('st_import_revert_hint')}</p>
          {undoEnds !== null && (
            <p className="hint muted">{t.t('st_import_undo_until', { date: when(t, undoEnds) })}</p>
          )}
          {blockers.length > 0 && (
            <>
              <p>{t.t('st_import_revert_blocked')}</p>
              <ul>
                {blockers.map((b) => (
                  <li key={b.line}>
                    {b.stock !== undefined
                      ? t.t('st_import_sold_lines', { line: t.n(b.line), stock: t.n(b.stock) })
                      : `${t.t('st_import_col_line')} ${t.n(b.line)}: ${t.t(b.why === 'in_use' ? 'st_import_why_in_use' : 'st_import_why_edited')}`}
                  </li>
                ))}
              </ul>
            </>
          )}
          <button type="submit" disabled={blockers.length > 0}>
            {t.t('st_import_revert_button')}
          </button>
        </form>
      )}
      {blockers.length > 0 && imp.status === 'checked' && (
        <ul>
          {blockers.map((b) => (
            <li key={b.line}>{t.t('st_import_sold_lines', { line: t.n(b.line), stock: t.n(b.stock ?? 0) })}</li>
          ))}
        </ul>
      )}
      <section aria-labelledby="lines-title">
        <h2 id="lines-title">{t.t('st_import_lines')}</h2>
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th scope="col">{t.t('st_import_col_line')}</th>
                <th scope="col">{t.t('st_import_col_product')}</th>
                <th scope="col">{t.t('st_import_col_size')}</th>
                <th scope="col">{t.t('st_import_col_change')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => {
                const name =
                  (ar ? l.product_ar : l.product_en) ?? (ar ? l.after?.product?.name_ar : l.after?.product?.name_en);
                const size = (ar ? l.sku_ar : l.sku_en) ?? (ar ? l.after?.sku?.name_ar : l.after?.sku?.name_en);
                return (
                  <tr key={l.line}>
                    <td className="mono">{t.n(l.line)}</td>
                    <td dir="auto">
                      {l.product_id && imp.status === 'applied' ? (
                        <a href={`/catalogue/products/${l.product_id}`}>{name ?? l.product_slug ?? l.product_id}</a>
                      ) : (
                        (name ?? l.product_slug ?? '')
                      )}
                    </td>
                    <td dir="auto">
                      {size ?? ''}{' '}
                      {l.sku_id ? <span className="mono muted">#{l.sku_id}</span> : t.t('st_import_new_size')}
                    </td>
                    <td>
                      {change(t, l)}
                      {l.reason && (
                        <div className="muted" dir="auto">
                          {l.reason}
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {data.pages > 1 && (
          <nav className="pager" aria-label={t.t('st_catalogue_pages')}>
            {data.page > 1 && <a href={pageLink(data.page - 1)}>{t.t('st_catalogue_previous')}</a>}
            <span>{t.t('st_catalogue_page_of', { page: t.n(data.page), pages: t.n(data.pages) })}</span>
            {data.page < data.pages && <a href={pageLink(data.page + 1)}>{t.t('st_catalogue_next')}</a>}
          </nav>
        )}
      </section>
    </Layout>
  );
}
