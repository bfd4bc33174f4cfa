// The product page's reviews section without growing the page's JavaScript (decision 44). On the server
// it renders the first reviews and questions (ReviewsStatic); in the browser the same <section> keeps
// that markup untouched (an empty inner HTML with the hydration warning suppressed: React neither
// compares nor replaces it), and ReviewsHost, part of the deferred shell, puts the interactive section
// in it when the shopper comes near. The preview is not in the page's hydration data (productLoader).
import '../styles/reviews.css';
import type { ProductDetail } from '#shared/catalogue/types';
import { ReviewsStatic } from './ReviewsStatic';

/** An empty inner HTML: React keeps the server's markup (also the product page's "not sold here"). */
export const KEEP = { __html: '' };

export function ReviewsPlace({ product }: { product: ProductDetail }) {
  const attributes = {
    id: 'reviews',
    className: 'reviews',
    'aria-labelledby': 'reviews-title',
    'data-reviews': product.id,
    'data-product-name': product.name,
  };
  if (import.meta.env.SSR && product.reviews_preview)
    return (
      <section {...attributes}>
        <ReviewsStatic product={product} preview={product.reviews_preview} />
      </section>
    );
  // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty string, so that React keeps the server's markup
  return <section {...attributes} dangerouslySetInnerHTML={KEEP} suppressHydrationWarning />;
}

/** The page's data without the preview: the server renders it, the browser is not sent it again. */
export function withoutPreview(product: ProductDetail): ProductDetail {
  const { reviews_preview, ...rest } = product;
  // Not enumerable: the server's render reads it, the hydration data (JSON) leaves it out.
  return Object.defineProperty(rest, 'reviews_preview', { value: reviews_preview, enumerable: false });
}
