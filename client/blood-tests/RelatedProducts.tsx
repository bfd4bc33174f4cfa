// A test's related supplements (related-slot.tsx). Its own module, lazily loaded in the browser: a lazy
// import of the product card's module itself would make that shared chunk build a namespace object.
import type { ProductCard as Card } from '#shared/catalogue/types';
import { ProductGrid } from '../catalogue/ProductCard';

export default function RelatedProducts({ products, testId }: { products: Card[]; testId: number }) {
  return <ProductGrid products={products} origin={{ source: 'List', id: `blood-test-${testId}` }} />;
}
