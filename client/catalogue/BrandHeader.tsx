// The head of a brand's page (/products?brand={id}): its logo and what the brand is about.
import '../styles/catalogue.css';
import { useI18n } from '../i18n/context';
import type { ChosenBrand } from './listing-heading';
import { responsive } from '../ui/responsive-image';

export function BrandHeader({ brand }: { brand: ChosenBrand }) {
  const { t } = useI18n();
  return (
    <section className="brand-header" aria-label={brand.name}>
      <img
        {...responsive(brand.logo, '180px')}
        alt={t('brand_logo_alt', { name: brand.name })}
        width={brand.logo.width}
        height={brand.logo.height}
        decoding="async"
      />
      {brand.description && <p className="brand-description">{brand.description}</p>}
    </section>
  );
}
