// Product card (spec §2): links to /products/{slug}, image, brand, name, price with old price,
// quantity control or notify button (one of them), the wishlist heart, and the origin the cart records.
import '../styles/catalogue.css';
import { Link } from 'react-router';
import type { ProductCard as Card } from '#shared/catalogue/types';
import { paths } from '#shared/routes';
import { useI18n } from '../i18n/context';
import type { CartOrigin } from '../cart/cart-store';
import { useSnapshot } from 'valtio';
import { cart, maxCount } from '../cart/cart-store';
import { NotifyButton } from './NotifyButton';
import { Price } from './Price';
import { QuantityControl } from '../cart/QuantityControl';
import { responsive } from '../ui/responsive-image';
import { WishlistButton } from '../wishlists/WishlistButton';
import { Stars } from './Stars';

export function toCartItem(card: Pick<Card, 'id' | 'slug' | 'name' | 'brand' | 'images' | 'default_sku'>) {
  const s = card.default_sku;
  return {
    sku: { id: s.id, name: s.name, price: s.price, buy_limit: s.buy_limit, in_stock: s.in_stock },
    product: {
      id: card.id,
      slug: card.slug,
      name: card.name,
      brand: { id: card.brand.id, name: card.brand.name },
      ...(card.images[0] ? { image: card.images[0] } : {}),
    },
  };
}

/** The product link from a card: a nutritionist's pick carries nutritionist_id (spec §2), so the cart origin survives. */
function productHref(slug: string, lang: 'en' | 'ar', origin: CartOrigin): string {
  const params = new URLSearchParams();
  if (origin.source === 'Nutritionist' && origin.id !== undefined) params.set('nutritionist_id', String(origin.id));
  if (origin.position !== undefined) params.set('position', String(origin.position));
  const query = params.toString();
  return paths.product(slug, lang) + (query ? `?${query}` : '');
}

/**
 * The name as the card shows it: the brand already has its own line above, so a name that starts with
 * it ("Gulf Vital Vitamin D3 …") shows only the rest, which then gets the card's two lines.
 */
export function cardName(name: string, brand: string): string {
  const b = brand.trim();
  if (!b || name.length <= b.length + 1) return name;
  const head = name.slice(0, b.length);
  const sep = name.charAt(b.length);
  return head.toLocaleLowerCase() === b.toLocaleLowerCase() && /[\s\-–:]/.test(sep)
    ? name.slice(b.length).replace(/^[\s\-–:]+/, '')
    : name;
}

export function ProductCard({
  product,
  origin,
  priority = false,
}: {
  product: Card;
  origin: CartOrigin;
  priority?: boolean;
}) {
  const { t, lang } = useI18n();
  const { items, loaded } = useSnapshot(cart);
  const image = product.images[0];
  const { sku, product: cartProduct } = toCartItem(product);
  const inCart = loaded && !!items[String(sku.id)];
  const href = productHref(product.slug, lang, origin);

  return (
    <article className="product-card" data-testid="product-card">
      <Link to={href} className="product-card-link">
        <span className="product-card-image">
          {image && (
            <img
              {...responsive(image, '(max-width: 600px) 50vw, 260px')}
              alt={image.alt}
              width={image.width}
              height={image.height}
              loading={priority ? 'eager' : 'lazy'}
              decoding="async"
            />
          )}
          {!sku.in_stock && <span className="stock-badge">{t('out_of_stock')}</span>}
        </span>
        <span className="product-card-brand">{product.brand.name}</span>
        <span className="product-card-name" title={product.name}>
          {cardName(product.name, product.brand.name)}
        </span>
      </Link>
      {product.rating && (
        <span className="product-card-rating">
          <Stars
            value={product.rating.average}
            label={t('card_rating_label', { count: product.rating.count, average: product.rating.average })}
          />
          <span aria-hidden="true">{product.rating.count}</span>
        </span>
      )}
      <WishlistButton sku={sku.id} name={product.name} />
      <Price price={product.default_sku.price} />
      {/* One action a card (issue 73): Add while the size can be bought, "notify me" once it cannot. A
          size with a buy limit gets its notify button on the product page (spec §4), not on the card. */}
      <div className="product-card-actions">
        {maxCount(sku) < 1 && !inCart ? (
          <NotifyButton productId={product.id} initial={product.default_sku.will_notify} />
        ) : (
          <QuantityControl sku={sku} product={cartProduct} origin={origin} />
        )}
      </div>
    </article>
  );
}

export function ProductGrid({
  products,
  origin,
  priorityCount = 0,
}: {
  products: Card[];
  origin: CartOrigin;
  priorityCount?: number;
}) {
  return (
    <ul className="product-grid">
      {products.map((p, i) => (
        <li key={p.id}>
          <ProductCard product={p} origin={{ ...origin, position: i + 1 }} priority={i < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
