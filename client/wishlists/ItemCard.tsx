// One product of a wishlist: the kept SKU's picture, name, size and price in the shopper's currency,
// with the actions its page gives it (move to cart, remove, alert; or add to cart, mark as bought).
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProductCard } from '#shared/catalogue/types';
import { paths } from '#shared/routes';
import { Price } from '../catalogue/Price';
import { useI18n } from '../i18n/context';
import { responsive } from '../ui/responsive-image';

export function ItemCard({
  item,
  className = 'wl-item',
  children,
}: {
  item: ProductCard;
  className?: string;
  children?: ReactNode;
}) {
  const { t, lang } = useI18n();
  const image = item.images[0];
  const sku = item.default_sku;
  return (
    <article className={className} data-testid="wishlist-item" data-sku={sku.id}>
      {image && (
        <img
          {...responsive(image, '(max-width: 600px) 50vw, 220px')}
          alt={image.alt}
          width={image.width}
          height={image.height}
          loading="lazy"
          decoding="async"
        />
      )}
      <Link className="wl-item-name" to={paths.product(item.slug, lang)}>
        {item.name}
      </Link>
      <p className="wl-item-note">
        {item.brand.name} · {sku.name}
      </p>
      <Price price={sku.price} />
      {!sku.in_stock && <p className="wl-item-note">{t('out_of_stock')}</p>}
      {children}
    </article>
  );
}
