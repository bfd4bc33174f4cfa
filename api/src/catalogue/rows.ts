// Column groups that several catalogue queries select under the same names: each written once, so a
// renamed column changes one type and the compiler finds every query row that carries it.

/** A SKU's selling columns. */
export interface SkuSaleColumns {
  price: number;
  old_price: number | null;
  stock: number;
  buy_limit: number | null;
}

/** One row of product_skus as the product page and the cart sync select it. */
export interface SkuRow extends SkuSaleColumns {
  id: number;
  name: string;
}

/** The product's brand, joined as brand_*. */
export interface BrandColumns {
  brand_id: number;
  brand_slug: string;
  brand_name: string;
}

/** The product's category, joined as category_*. */
export interface CategoryColumns {
  category_id: number;
  category_slug: string;
  category_name: string;
  category_color: string;
}
