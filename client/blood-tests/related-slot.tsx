// A blood test's related supplements, below the fold of its page: the server renders them from its own
// static import (entry.server.tsx provides it), and the browser keeps that HTML and hydrates it once the
// product card's code and the catalogue's texts have come. A lazy component on the server would stream
// the section after the document, which the browser's hydration does not match; a static import here
// would put the product card back into the page's first JavaScript.
import { lazy, Suspense, type ComponentType } from 'react';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { I18nProvider } from '../i18n/context';
import { withTexts } from '../i18n/texts';
import { useBoot } from '../lib/locale';

type Props = { products: Card[]; testId: number };

let ServerRelated: ComponentType<Props> = () => null;

export function provideServerRelatedProducts(component: ComponentType<Props>): void {
  ServerRelated = component;
}

const BrowserRelated = lazy(withTexts(['catalogue'], () => import('./RelatedProducts')));

export function RelatedProductsSlot(props: Props) {
  // The product cards show the catalogue's texts, which the test's page does not name: on the server they
  // are added here (its texts are scoped to the page's areas), in the browser the lazy import loads them.
  const { lang, texts } = useBoot();
  return (
    <I18nProvider lang={lang} texts={[...texts, 'catalogue']}>
      <Suspense fallback={null}>
        {import.meta.env.SSR ? <ServerRelated {...props} /> : <BrowserRelated {...props} />}
      </Suspense>
    </I18nProvider>
  );
}
