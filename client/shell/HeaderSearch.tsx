// The header's search box on every page: a plain GET form to /search that works before hydration.
// Its suggestions (an ARIA combobox popup) load on the box's first focus or input, as their own chunk,
// so the JavaScript home, listing and product pages need before they are interactive does not grow.
import { lazy, Suspense, useCallback, useContext, useId, useRef, useState } from 'react';
import { Form, useLocation, useNavigate } from 'react-router';
import { useI18n } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { Icon } from '../ui/Icon';

// With the catalogue's texts: a page that shows no catalogue (the terms, the profile) has not loaded them.
const loadSuggestions = withTexts(['catalogue'], () => import('../search/HeaderSuggestions'));
const HeaderSuggestions = lazy(loadSuggestions);

export function HeaderSearch() {
  const { t } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext);
  const input = useRef<HTMLInputElement>(null);
  const listId = useId();
  const navigate = useNavigate();
  const location = useLocation();
  const [wanted, setWanted] = useState(false);
  const [aria, setAria] = useState<{ expanded: boolean; activeId: string | undefined }>({
    expanded: false,
    activeId: undefined,
  });
  const onAria = useCallback(
    (next: typeof aria) =>
      setAria((prev) => (prev.expanded === next.expanded && prev.activeId === next.activeId ? prev : next)),
    [],
  );
  const want = () => {
    if (!wanted) setWanted(true);
  };

  return (
    <Form
      role="search"
      method="get"
      action={href('/search')}
      className="search-form"
      onSubmit={() => {
        const term = input.current?.value.trim() ?? '';
        // The history the popup offers back; the module is loaded by now (the box had focus).
        if (term && api) void loadSuggestions().then((m) => m.rememberTerm(api, term));
      }}
    >
      <label htmlFor="site-search" className="visually-hidden">
        {t('search_label')}
      </label>
      <input
        ref={input}
        id="site-search"
        name="q"
        type="search"
        role="combobox"
        aria-expanded={aria.expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={aria.activeId}
        placeholder={t('search_placeholder')}
        autoComplete="off"
        enterKeyHint="search"
        onFocus={want}
        onInput={want}
        onPointerEnter={() => void loadSuggestions()}
      />
      <button type="submit" className="icon-button" aria-label={t('search_submit')}>
        <Icon name="search" />
      </button>
      {wanted ? (
        <Suspense fallback={<div id={listId} role="listbox" hidden />}>
          <HeaderSuggestions
            input={input}
            listId={listId}
            onAria={onAria}
            navigate={navigate}
            locationKey={location.key}
          />
        </Suspense>
      ) : (
        // aria-controls names an element that exists before the popup loads.
        <div id={listId} role="listbox" aria-label={t('search_suggestions')} hidden />
      )}
    </Form>
  );
}
