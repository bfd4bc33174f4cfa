// Filters for a listing, from /product/filter-sort: price range with the 'Under KD 25' quick item,
// availability, free delivery, sale, category, brand and attribute facets with counts. The desktop side
// panel applies each choice at once; the phone's full-screen dialog (`staged`) collects several
// choices and applies them together with its Apply button, so it stays open while the shopper picks.
import '../styles/catalogue.css';
import { useState, type FormEvent } from 'react';
import type { Filter, FilterKey, ProductQuery } from '#shared/catalogue/filter-model';
import { currencyLabel, formatNumber, formatWholeAmount } from '#shared/money';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import type { FacetsData } from '../lib/catalogue';
import { useCurrency } from '../lib/locale';
import { priceRangeOf } from './price-range';

export interface FilterPanelProps {
  query: ProductQuery;
  facets: FacetsData;
  onChange: (filters: Filter[]) => void;
  /** Collect choices until Apply (the phone dialog) instead of applying each one at once. */
  staged?: boolean;
}

const ATTR_GROUP_LABEL: Record<string, MessageId> = {
  form: 'attr_form',
  diet: 'attr_diet',
  flavour: 'attr_flavour',
  size: 'attr_size',
};

/**
 * The price boxes take text, not type="number": a number input refuses the Arabic-Indic digits an
 * Arabic keyboard types (١٢٫٥), which priceRangeOf reads. inputmode brings up the phone's decimal
 * keypad; min and max, which a text box ignores, are not given.
 */
const PRICE_INPUT = { type: 'text', inputMode: 'decimal' } as const;

function selectedIds(query: ProductQuery, key: FilterKey): number[] {
  return query.filters.filter((f) => f.key === key).flatMap((f) => f.items ?? []);
}

export function FilterPanel({ query: given, facets, onChange: navigate, staged = false }: FilterPanelProps) {
  const { t, lang } = useI18n();
  // The shopper's choice shows at once; the listing catches up when its navigation lands.
  const [query, setQuery] = useState(given);
  const onChange = (filters: Filter[]) => {
    setQuery({ ...query, filters });
    if (!staged) navigate(filters);
  };
  const { currency, country } = useCurrency();
  const facet = (key: string) => facets.filters.find((f) => f.key === key);
  const flag = (key: FilterKey) => query.filters.some((f) => f.key === key && f.value !== false);
  const priceFilter = query.filters.find((f) => f.key === 'sku_price');
  const [min, setMin] = useState(priceFilter?.range?.min?.toString() ?? '');
  const [max, setMax] = useState(priceFilter?.range?.max?.toString() ?? '');
  const others = (key: FilterKey) => query.filters.filter((f) => f.key !== key);
  const price = facet('sku_price');
  const quick = price?.quick?.[0];

  const toggleId = (key: FilterKey, id: number) => {
    const ids = new Set(selectedIds(query, key));
    if (ids.has(id)) ids.delete(id);
    else ids.add(id);
    const rest = others(key);
    onChange(
      ids.size
        ? [
            ...rest,
            {
              key,
              type: 'multiSelect',
              ...(key === 'attributes_id' ? { items_operation: 'or' as const } : {}),
              items: [...ids],
            },
          ]
        : rest,
    );
  };
  const toggleFlag = (key: FilterKey) =>
    onChange(flag(key) ? others(key) : [...others(key), { key, type: 'boolean', value: true }]);
  const setPrice = (range: { min?: number; max?: number } | null) =>
    onChange(range ? [...others('sku_price'), { key: 'sku_price', type: 'range', range }] : others('sku_price'));

  const submitPrice = (e: FormEvent) => {
    e.preventDefault();
    const range = priceRangeOf(min, max);
    if (range !== 'invalid') setPrice(range);
  };
  // Show results also takes a range typed in the boxes whose own Apply was not pressed.
  const apply = () => {
    const range = priceRangeOf(min, max);
    navigate(
      range && range !== 'invalid'
        ? [...others('sku_price'), { key: 'sku_price', type: 'range', range }]
        : query.filters,
    );
  };
  const clear = () => {
    setMin('');
    setMax('');
    setQuery({ ...query, filters: [] });
  };

  const count = (n: number) => <span className="facet-count">{formatNumber(n, lang, country)}</span>;

  return (
    <div className="filter-panel">
      <fieldset className="facet">
        <legend>
          {t('filter_price')} (<bdi>{currencyLabel(currency, lang)}</bdi>)
        </legend>
        {quick && (
          <label className="check">
            <input
              type="checkbox"
              checked={priceFilter?.range?.max === quick.range.max && !priceFilter?.range?.min}
              onChange={(e) => {
                // The quick range replaces whatever the boxes held.
                setMin('');
                setMax('');
                setPrice(e.target.checked ? { min: 0, max: quick.range.max } : null);
              }}
            />
            {t('filter_under_25', { amount: formatWholeAmount(quick.range.max, currency, lang, country) })}
          </label>
        )}
        <form className="price-range" onSubmit={submitPrice}>
          <label>
            <span className="visually-hidden">{t('price_min')}</span>
            <input
              {...PRICE_INPUT}
              placeholder={t('price_min_short')}
              value={min}
              onChange={(e) => setMin(e.target.value)}
            />
          </label>
          <span aria-hidden="true">–</span>
          <label>
            <span className="visually-hidden">{t('price_max')}</span>
            <input
              {...PRICE_INPUT}
              placeholder={t('price_max_short')}
              value={max}
              onChange={(e) => setMax(e.target.value)}
            />
          </label>
          <button type="submit" className="button button-secondary small">
            {t('apply')}
          </button>
        </form>
      </fieldset>

      <fieldset className="facet">
        <legend className="visually-hidden">{t('filters')}</legend>
        {(['only_available', 'free_delivery', 'on_sale'] as const).map((key) => (
          <label key={key} className="check">
            <input type="checkbox" checked={flag(key)} onChange={() => toggleFlag(key)} />
            {t(
              key === 'only_available'
                ? 'filter_available'
                : key === 'free_delivery'
                  ? 'filter_free_delivery'
                  : 'filter_on_sale',
            )}
            {count(facet(key)?.count ?? 0)}
          </label>
        ))}
      </fieldset>

      <FacetList
        title={t('filter_category')}
        items={facet('category_id')?.items ?? []}
        selected={selectedIds(query, 'category_id')}
        onToggle={(id) => toggleId('category_id', id)}
        count={count}
      />
      <FacetList
        title={t('filter_brand')}
        items={facet('brand_id')?.items ?? []}
        selected={selectedIds(query, 'brand_id')}
        onToggle={(id) => toggleId('brand_id', id)}
        count={count}
      />
      {(facet('attributes_id')?.groups ?? []).map((g) => (
        <FacetList
          key={g.group}
          title={t(ATTR_GROUP_LABEL[g.group] ?? 'filters')}
          items={g.items}
          selected={selectedIds(query, 'attributes_id')}
          onToggle={(id) => toggleId('attributes_id', id)}
          count={count}
        />
      ))}
      {staged && (
        <div className="filter-actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={clear}
            disabled={!query.filters.length && min === '' && max === ''}
          >
            {t('clear_filters')}
          </button>
          <button type="button" className="button" onClick={apply} data-testid="apply-filters">
            {t('filters_apply')}
          </button>
        </div>
      )}
    </div>
  );
}

function FacetList(props: {
  title: string;
  items: Array<{ id: number; name: string; count: number }>;
  selected: number[];
  onToggle: (id: number) => void;
  count: (n: number) => React.ReactNode;
}) {
  if (!props.items.length) return null;
  return (
    <fieldset className="facet">
      <legend>{props.title}</legend>
      <ul className="facet-list">
        {props.items.map((item) => (
          <li key={item.id}>
            <label className="check">
              <input
                type="checkbox"
                checked={props.selected.includes(item.id)}
                onChange={() => props.onToggle(item.id)}
              />
              {item.name}
              {props.count(item.count)}
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
