// The header's category menu (a disclosure button): every category and sub-category one step away
// at every width. Only the button ships with the page; the list's code and data load when the
// shopper first reaches for it (hover, focus or press), so home, listing and product pages stay light.
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { useI18n } from '../i18n/context';
import { Icon } from '../ui/Icon';

const loadPanel = () => import('./CategoryMenuPanel');
const CategoryMenuPanel = lazy(loadPanel);

export function CategoryMenu() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const location = useLocation();

  // Following a link (or any navigation) closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger
  useEffect(() => setOpen(false), [location.key]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  const prefetch = () => {
    if (!wanted) setWanted(true);
    void loadPanel();
  };

  return (
    <div className="category-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="header-action category-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        data-testid="category-menu-button"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true);
          setOpen(!open);
        }}
      >
        <Icon path="M4 6h16M4 12h16M4 18h16" />
        <span className="category-menu-label">{t('page_categories')}</span>
      </button>
      <div id={panelId} className="category-menu-panel" hidden={!open}>
        {wanted && (
          <Suspense fallback={<p className="container muted">{t('loading')}</p>}>
            <CategoryMenuPanel />
          </Suspense>
        )}
      </div>
    </div>
  );
}
