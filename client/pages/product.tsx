// /products/{slug}: gallery, SKU choice, price with old price and discount, stock and buy limit,
// suggested-use panel, description, purchase-together and the quantity control. The query parameters
// nutritionist_id, search-tracking (search, search_id) and position become the cart origin.
import '../styles/catalogue.css';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import type { ProductDetail } from '#shared/catalogue/types';
import { apiContext } from '../boot';
import { LimitedNotify, NotifyButton } from '../catalogue/NotifyButton';
import { WishlistButton } from '../wishlists/WishlistButton';
import { Price } from '../catalogue/Price';
import { ProductGrid, toCartItem } from '../catalogue/ProductCard';
import { QuantityControl } from '../cart/QuantityControl';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import useSWR from 'swr';
import type { Country } from '#shared/api/schemas';
import type { Lang } from '#shared/locale';
import { useBoot, useFreeShipping, useHref, usePrice } from '../lib/locale';
import { formatPercent, payableMinor } from '#shared/money';
import { productLd } from '../lib/structured-data';
import { cart, maxCount, type CartOrigin } from '../cart/cart-store';
import { useSnapshot } from 'valtio';
import { Page } from '../ui/Page';
import { responsive } from '../ui/responsive-image';
import { track } from '../analytics/track';
import { KEEP, ReviewsPlace, withoutPreview } from '../reviews/ReviewsPlace';
import { PromiseLine } from '../delivery/PromiseLine';
import { NotSoldHereWords } from '../catalogue/NotSoldHereWords';
import type { PageDeclaration } from '../page-table';
import { HerSlot, useHerParts } from '../app/her-parts';
import type { ProductCard } from '#shared/catalogue/types';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { kept: true, texts: ['catalogue'] } satisfies PageDeclaration;

export async function loader({ params, context }: LoaderFunctionArgs) {
  return withoutPreview(await catalogue.product(context.get(apiContext), params.slug ?? ''));
}

export function originFromParams(params: URLSearchParams): CartOrigin {
  const position = Number(params.get('position'));
  const withPosition = Number.isInteger(position) && position > 0 ? { position } : {};
  const nutritionist = params.get('nutritionist_id');
  if (nutritionist && /^\d+$/.test(nutritionist))
    return { source: 'Nutritionist', id: Number(nutritionist), ...withPosition };
  const searchId = params.get('search_id') ?? params.get('search');
  if (searchId) return { source: 'Search', id: searchId.slice(0, 100), ...withPosition };
  return { source: 'Product', ...withPosition };
}

/**
 * The product's structured data, the server's alone (crawlers read the server's HTML): in the browser's
 * build the hook is a constant, so neither its reads nor productLd are in the page's first JavaScript.
 */
const useProductLd = import.meta.env.SSR
  ? (product: ProductDetail, lang: Lang) => {
      const boot = useBoot();
      const { data: countries } = useSWR<{ items: Country[] }>('/country');
      return [productLd(product, boot, lang, countries?.items ?? [])];
    }
  : (_product: ProductDetail, _lang: Lang) => [];

export function Component() {
  const product = useLoaderData() as ProductDetail;
  // Bought together is gated for her (her safety): on her kept page it is one of her places (decision 76).
  const her = useHerParts();
  const { t, lang } = useI18n();
  const href = useHref();
  const format = usePrice();
  const jsonLd = useProductLd(product, lang);
  const [params] = useSearchParams();
  // Start on a size that can be bought when the default one is sold out.
  const [skuId, setSkuId] = useState(
    product.default_sku.in_stock
      ? product.default_sku.id
      : (product.skus.find((s) => s.in_stock)?.id ?? product.default_sku.id),
  );
  const [imageIndex, setImageIndex] = useState(0);
  const sku = product.skus.find((s) => s.id === skuId) ?? product.default_sku;
  const images = sku.images.length ? sku.images : product.images;
  const image = images[Math.min(imageIndex, images.length - 1)];
  const { product: cartProduct } = toCartItem({ ...product, default_sku: sku });
  const cartSku = { id: sku.id, name: sku.name, price: sku.price, buy_limit: sku.buy_limit, in_stock: sku.in_stock };
  const { items: cartItems, loaded: cartLoaded } = useSnapshot(cart);
  const inCart = cartLoaded && !!cartItems[String(sku.id)];
  const origin = originFromParams(params);
  const saving = sku.price.old_price !== null ? sku.price.old_price - sku.price.price : 0;
  // "Free delivery" only when this size alone reaches the country's free-delivery threshold.
  const freeShipping = useFreeShipping();
  const freeAlone = product.free_delivery && payableMinor(sku.price.price, freeShipping.currency) >= freeShipping.minor;

  // Analytics: one view_item per product shown, with the size it opened on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per product, not per size switch
  useEffect(() => {
    const viewed = { ...product, default_sku: sku };
    track((b, ctx) => b.viewItem({ currency: ctx.currency.currency, item: b.cardItem(viewed, ctx) }));
  }, [product.id]);

  const crumbs = [
    ...(product.parent_category
      ? [{ label: product.parent_category.name, to: href(`/products?category=${product.parent_category.id}`) }]
      : []),
    { label: product.category.name, to: href(`/products?category=${product.category.id}`) },
  ];

  return (
    <Page
      title={product.name}
      crumbs={crumbs}
      description={product.description.slice(0, 160)}
      seo={{
        type: 'product',
        keepParams: ['nutritionist_id'],
        image: product.images[0]?.og ?? product.images[0]?.url,
        jsonLd,
      }}
    >
      <div className="product-page">
        <section className="gallery" aria-label={t('product_images')}>
          {image && (
            <img
              className="gallery-main"
              {...responsive(image, '(max-width: 800px) 100vw, 480px')}
              alt={image.alt}
              width={image.width}
              height={image.height}
              fetchPriority="high"
            />
          )}
          {images.length > 1 && (
            <ul className="gallery-thumbs">
              {images.map((img, i) => (
                <li key={img.url}>
                  <button
                    type="button"
                    aria-label={t('show_image', { n: i + 1 })}
                    aria-pressed={i === imageIndex}
                    onClick={() => setImageIndex(i)}
                  >
                    <img {...responsive(img, '72px')} alt="" width={72} height={72} loading="lazy" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>

        <section className="buy-box" aria-labelledby="buy-box-title">
          <Link className="product-brand" to={href(`/products?brand=${product.brand.id}`)}>
            {product.brand.name}
          </Link>
          <h2 id="buy-box-title" className="visually-hidden">
            {product.name}
          </h2>
          {/* Her country sells none of its sizes (an own-priced country without the owner's price): said, not sold. */}
          {/* The server writes its words; the browser keeps them, or catalogue/NotSoldHereHost.tsx writes them. */}
          {product.sold_here === false ? (
            import.meta.env.SSR ? (
              <p className="not-sold-here" data-testid="not-sold-here">
                <NotSoldHereWords lang={lang} />
              </p>
            ) : (
              <p
                className="not-sold-here"
                data-testid="not-sold-here"
                // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React keeps the server's words
                dangerouslySetInnerHTML={KEEP}
                suppressHydrationWarning
              />
            )
          ) : (
            <>
              <Price price={sku.price} size="lg" />
              {freeShipping.currency.vatBasisPoints > 0 && (
                <p className="vat-note" data-testid="price-vat-note">
                  {t('price_includes_vat', {
                    rate: formatPercent(
                      freeShipping.currency.vatBasisPoints / 10_000,
                      lang,
                      freeShipping.currency.country,
                    ),
                  })}
                </p>
              )}
              {/* The pay-later note's place, filled after the page is live (orders/PayLaterHost.tsx). */}
              <div data-pay-later-minor={payableMinor(sku.price.price, freeShipping.currency)} />
              {saving > 0 && <p className="saving">{format(saving, 'you_save')}</p>}
              {/* Computed by the API for the request's country (issue 61): text only, no script of its own. */}
              {!!product.points_to_earn?.[sku.id] && (
                <p className="points-earn" data-testid="points-earn">
                  {t('product_points_earn', { count: product.points_to_earn[sku.id]! })}
                </p>
              )}
              <p className={`stock stock-${sku.stock_level}`} data-testid="stock">
                {t(
                  sku.stock_level === 'out_of_stock'
                    ? 'out_of_stock'
                    : sku.stock_level === 'low'
                      ? 'low_stock'
                      : 'in_stock',
                )}
              </p>
              {product.skus.length > 1 && (
                <fieldset className="sku-choice">
                  <legend>{t('choose_size')}</legend>
                  {product.skus.map((s) => (
                    <label key={s.id} className={s.id === sku.id ? 'sku-option selected' : 'sku-option'}>
                      <input
                        type="radio"
                        name="sku"
                        value={s.id}
                        checked={s.id === sku.id}
                        onChange={() => {
                          setSkuId(s.id);
                          setImageIndex(0);
                        }}
                      />
                      <span>{s.name}</span>
                    </label>
                  ))}
                </fieldset>
              )}
              <div className="buy-actions">
                {maxCount(cartSku) < 1 ? (
                  <NotifyButton productId={product.id} initial={sku.will_notify} />
                ) : (
                  <>
                    <QuantityControl sku={cartSku} product={cartProduct} origin={origin} wide />
                    {cartSku.buy_limit !== null && (
                      <LimitedNotify inCart={inCart}>
                        <NotifyButton productId={product.id} initial={sku.will_notify} />
                      </LimitedNotify>
                    )}
                  </>
                )}
                <WishlistButton sku={sku.id} name={`${product.name} (${sku.name})`} />
              </div>
              {/* Subscribe and save's place, filled after the page is live (subscriptions/SubscribeHost.tsx). */}
              {sku.in_stock && product.subscribe && (
                <div
                  data-subscribe={JSON.stringify({
                    sku: sku.id,
                    price: sku.price.price,
                    discount: product.subscribe.discount,
                    offered: product.subscribe.offered[sku.id],
                  })}
                />
              )}
              {sku.buy_limit !== null && <p className="limit-note">{t('limit_reached', { limit: sku.buy_limit })}</p>}
              {freeAlone && <p className="free-badge">{t('free_delivery_badge')}</p>}
              {sku.in_stock && product.delivery && <PromiseLine delivery={product.delivery} free={freeAlone} />}
            </>
          )}

          {product.suggested_use.text && (
            <aside className="suggested-use" aria-labelledby="suggested-use-title">
              <h2 id="suggested-use-title">{t('suggested_use')}</h2>
              <p>{product.suggested_use.text}</p>
              {product.suggested_use.tags.length > 0 && (
                <ul className="tags">
                  {product.suggested_use.tags.map((tag) => (
                    <li key={tag}>{tag}</li>
                  ))}
                </ul>
              )}
            </aside>
          )}
        </section>
      </div>

      <section className="product-details" aria-labelledby="details-title">
        <h2 id="details-title">{t('product_details')}</h2>
        <h3>{t('description')}</h3>
        <p>{product.description}</p>
        {product.ingredients && (
          <>
            <h3>{t('ingredients')}</h3>
            <p>{product.ingredients}</p>
          </>
        )}
        {product.warnings && (
          <>
            <h3>{t('warnings')}</h3>
            <p>{product.warnings}</p>
          </>
        )}
        <dl className="facts">
          <dt>{t('brand_label')}</dt>
          <dd>{product.brand.name}</dd>
          <dt>{t('category_label')}</dt>
          <dd>{product.category.name}</dd>
          {product.attributes.map((a) => (
            <div key={a.id} className="fact">
              <dt>
                {t(
                  a.group === 'form'
                    ? 'attr_form'
                    : a.group === 'diet'
                      ? 'attr_diet'
                      : a.group === 'flavour'
                        ? 'attr_flavour'
                        : 'attr_size',
                )}
              </dt>
              <dd>{a.name}</dd>
            </div>
          ))}
        </dl>
      </section>

      <ReviewsPlace key={product.id} product={product} />

      <Together productId={product.id} cards={her ? (her.together ?? []) : product.purchase_together} />
      <div data-more-to-see="" data-except={product.id} />
    </Page>
  );
}

/** Bought together, one of her places: the kept copy's is empty, hers is gated for her. */
export function Together({ productId, cards }: { productId: number; cards: ProductCard[] }) {
  const { t } = useI18n();
  return (
    <HerSlot name="together">
      {cards.length > 0 && (
        <section className="home-section" aria-labelledby="together-title" data-suggestion="bought-together">
          <h2 id="together-title" className="section-title">
            {t('purchase_together')}
          </h2>
          <ProductGrid products={cards} origin={{ source: 'Purchase Together', id: productId }} />
        </section>
      )}
    </HerSlot>
  );
}
