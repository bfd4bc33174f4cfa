// The header search box's suggestions popup, loaded on the box's first focus or input (a separate
// chunk: home, listing and product pages do not load it before they are interactive). It drives the
// box as an ARIA combobox (combobox-state.ts): it listens to the box's input and keys, fetches
// suggestions (typo-tolerant, from /product/search) or the recent searches, and renders the listbox.
import { useContext, useEffect, useReducer, useRef, useState, type RefObject } from 'react';
import { useSnapshot } from 'valtio';
import { paths } from '#shared/routes';
import { searchParamsFromListing } from '#shared/catalogue/url-query';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import { Price } from '../catalogue/Price';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { PricesPending, useHref, useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { ApiContext } from '../providers';
import { responsive } from '../ui/responsive-image';
import { comboboxReducer, enterAction, initialCombobox, isExpanded } from './combobox-state';
import { MIN_SUGGEST_LENGTH, suggestionOptions, type SuggestionOption } from './suggestion-options';
import type { SearchSuggestions } from '#shared/catalogue/types';
import type { ApiClient } from '#shared/api/client';
import '../styles/header-search.css';

/**
 * Records a search the shopper ran from the header (the history the popup offers back).
 * @public HeaderSearch.tsx calls it on the lazily loaded module, which knip cannot follow.
 */
export function rememberTerm(api: ApiClient, term: string): void {
  void catalogue.saveTerm(api, term).catch(() => undefined);
}

export interface HeaderSuggestionsProps {
  input: RefObject<HTMLInputElement | null>;
  listId: string;
  /** Reports what the box's aria-expanded and aria-activedescendant must say. */
  onAria: (aria: { expanded: boolean; activeId: string | undefined }) => void;
  // The router's, from the header: importing react-router here made the bundler split it into
  // two chunks, which grew the JavaScript every page loads by ~0.9 kB gzip.
  navigate: (to: string) => unknown;
  locationKey: string;
}

export default function HeaderSuggestions({ input, listId, onAria, navigate, locationKey }: HeaderSuggestionsProps) {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const [text, setText] = useState(() => input.current?.value ?? '');
  const renderedText = useRef(text);
  const [recent, setRecent] = useState<string[]>([]);
  const [data, setData] = useState<SearchSuggestions | null>(null);
  // The country the suggestions were asked in: after a switch their prices are the old country's, shown
  // as pending until the new country's arrive (decision 77).
  const { country } = useSnapshot(useSessionStore());
  const [dataFor, setDataFor] = useState(country);
  const [state, dispatch] = useReducer(comboboxReducer, {
    ...initialCombobox,
    open: document.activeElement === input.current,
  });
  const abort = useRef<AbortController | null>(null);
  const options = suggestionOptions(text, recent, data);
  const optionId = (i: number) => `${listId}-o${i}`;
  const expanded = isExpanded(state);
  const activeId = expanded && state.active >= 0 ? optionId(state.active) : undefined;

  // History each time the popup opens: a search run since (here, on /search) is in it.
  useEffect(() => {
    if (state.open) catalogue.recentTerms(api).then(setRecent, () => setRecent([]));
  }, [api, state.open]);

  // Suggestions 150 ms after the last keystroke (or a country switch); a newer text cancels the older request.
  useEffect(() => {
    const term = text.trim();
    if (term.length < MIN_SUGGEST_LENGTH) {
      setData(null);
      return;
    }
    const timer = setTimeout(() => {
      abort.current?.abort();
      abort.current = new AbortController();
      const asked = country;
      catalogue.suggest(api, term, abort.current.signal).then(
        (found) => {
          setData(found);
          setDataFor(asked);
        },
        () => undefined,
      );
    }, 150);
    return () => clearTimeout(timer);
  }, [text, api, country]);

  const optionKeys = options.map((o) => o.key).join('|');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the option list's identity changes each render; its keys say when it really changed
  useEffect(() => dispatch({ type: 'options', count: options.length }), [optionKeys]);
  useEffect(() => onAria({ expanded, activeId }), [expanded, activeId, onAria]);
  // A navigation closes the popup; its mount is none (a shopper who typed everything before this chunk
  // arrived, on a slow phone, would otherwise see no suggestions until her next keystroke).
  const mountedAt = useRef(locationKey);
  useEffect(() => {
    if (mountedAt.current === locationKey) return;
    mountedAt.current = locationKey;
    dispatch({ type: 'close' });
  }, [locationKey]);
  // The active option stays in view as the arrows move through a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  const open = (option: SuggestionOption) => {
    dispatch({ type: 'close' });
    const term = text.trim();
    if (option.kind === 'recent') {
      if (input.current) input.current.value = option.term;
      setText(option.term);
      rememberTerm(api, option.term);
      const params = searchParamsFromListing({ query: { search: option.term, filters: [], per_page: 24 }, page: 1 });
      void navigate(`${href('/search')}?${params}`);
      return;
    }
    if (term) rememberTerm(api, term);
    if (option.kind === 'test') {
      void navigate(paths.bloodTest(option.test.slug, lang));
    } else if (option.kind === 'product') {
      void navigate(
        `${paths.product(option.product.slug, lang)}?search=${encodeURIComponent(term)}&position=${option.position}`,
      );
    } else {
      void navigate(href(`/products?${option.kind}=${option.id}`));
    }
  };

  // The box is the header's (server-rendered); the popup listens to it while it is mounted.
  const latest = useRef({ state, options, open });
  latest.current = { state, options, open };
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    const onInput = () => {
      setText(box.value);
      dispatch({ type: 'input' });
    };
    const onFocus = () => dispatch({ type: 'focus' });
    const onBlur = () => dispatch({ type: 'close' });
    const onKey = (e: KeyboardEvent) => {
      const { state: s, options: list, open: go } = latest.current;
      if (e.key === 'Enter') {
        const action = enterAction(s);
        if (action.kind === 'option') {
          e.preventDefault();
          go(list[action.index]!);
        }
        return; // else the form submits the text
      }
      if (e.key === 'Escape' && !isExpanded(s) && box.value) {
        box.value = '';
        setText('');
        return;
      }
      if (['ArrowDown', 'ArrowUp'].includes(e.key) || (s.active >= 0 && ['Home', 'End'].includes(e.key)))
        e.preventDefault();
      dispatch({ type: 'key', key: e.key });
    };
    box.addEventListener('input', onInput);
    box.addEventListener('focus', onFocus);
    box.addEventListener('blur', onBlur);
    box.addEventListener('keydown', onKey);
    // Keys typed between this popup's first render and now reached the box but no listener: catch up.
    if (box.value !== renderedText.current) onInput();
    return () => {
      box.removeEventListener('input', onInput);
      box.removeEventListener('focus', onFocus);
      box.removeEventListener('blur', onBlur);
      box.removeEventListener('keydown', onKey);
    };
  }, [input]);

  const groups: Array<{ label: string; items: Array<[SuggestionOption, number]> }> = [];
  options.forEach((option, index) => {
    const label = {
      recent: t('recent_searches'),
      product: t('products_heading'),
      test: t('bt_search_section'),
      brand: t('brands_heading'),
      category: t('categories_heading'),
    }[option.kind];
    const last = groups.at(-1);
    if (last?.label === label) last.items.push([option, index]);
    else groups.push({ label, items: [[option, index]] });
  });
  const showingRecent = options[0]?.kind === 'recent';

  const popup = (
    <div className="suggestions header-suggestions" hidden={!expanded} data-testid="header-suggestions">
      <div id={listId} role="listbox" aria-label={t('search_suggestions')}>
        {groups.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a group of options inside an ARIA listbox, not a form group
          <div role="group" aria-label={group.label} key={group.label}>
            <div className="suggestions-title" aria-hidden="true">
              {group.label}
            </div>
            {group.items.map(([option, index]) => (
              // biome-ignore lint/a11y/useFocusableInteractive: combobox options take no focus; the input keeps it (aria-activedescendant)
              // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the input's arrows and Enter
              <div
                key={option.key}
                id={optionId(index)}
                role="option"
                aria-selected={state.active === index}
                className="suggestion"
                // Keep the focus in the box: a click must not blur it before it lands.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => open(option)}
              >
                <OptionContent option={option} />
              </div>
            ))}
          </div>
        ))}
      </div>
      {showingRecent && (
        <button
          type="button"
          className="link-button suggestions-clear"
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            void catalogue.clearTerms(api).then(() => setRecent([]));
          }}
        >
          {t('clear_history')}
        </button>
      )}
      <p className="visually-hidden" aria-live="polite">
        {text.trim().length >= MIN_SUGGEST_LENGTH && data ? t('suggestions_count', { count: options.length }) : ''}
      </p>
    </div>
  );
  return <PricesPending value={dataFor !== country}>{popup}</PricesPending>;
}

function OptionContent({ option }: { option: SuggestionOption }) {
  switch (option.kind) {
    case 'recent':
      return <span>{option.term}</span>;
    case 'product': {
      const p = option.product;
      return (
        <>
          {p.images[0] ? (
            <img {...responsive(p.images[0], '40px')} alt="" width={40} height={40} />
          ) : (
            <span className="suggestion-thumb" />
          )}
          {/* The product name already starts with its brand. */}
          <span className="suggestion-text">
            <span className="suggestion-name">{p.name}</span>
            <Price price={p.default_sku.price} />
          </span>
        </>
      );
    }
    case 'test':
      return <TestOption test={option.test} currency={option.currency} />;
    default:
      return <span>{option.name}</span>;
  }
}

/** A blood test, labelled as one so it is not taken for a supplement. */
function TestOption({ test, currency }: { test: BloodTestCard; currency: string }) {
  const { t } = useI18n();
  const minor = useMinor();
  return (
    <span className="suggestion-text">
      <span className="suggestion-name">
        <span className="suggestion-label">{t('bt_search_label')}</span> {test.name}
      </span>
      <Price price={test.price} format={(n) => minor(n, currency)} />
    </span>
  );
}
