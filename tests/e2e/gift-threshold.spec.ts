// Giveaways (decision 33): a free gift that comes with a cart total and goes below it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

interface Pick {
  slug: string;
  name: string;
  /** Units that reach the threshold (one fewer stays below it). */
  units: number;
  title: string;
  gift: string;
}

/**
 * A live free-gift promotion with a gift in stock, and an available product below its threshold that
 * reaches it within its buy limit and stock: the dearest such product, so few clicks are needed. Read
 * from the shop itself, since stock moves across stories on the shared database.
 */
async function pickProduct(page: Page): Promise<Pick> {
  return page.evaluate(async () => {
    const post = async (path: string, body: unknown) =>
      (
        await (
          await fetch(`/api${path}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(body),
          })
        ).json()
      ).data;
    const listing = await post('/product/1', {
      filters: [{ key: 'only_available', type: 'boolean', value: true }],
      sort: { key: 'price', value: 'desc' },
    });
    for (const card of listing.items as Array<{ slug: string; name: string; default_sku: { id: number } }>) {
      const sku = card.default_sku.id;
      for (let units = 2; units <= 8; units++) {
        const sync = await post('/product/sku', { ids: [sku], counts: [units], exclude_purchase_together: true });
        const item = sync.items[0] as { buy_limit: number | null; stock_level: string; in_stock: boolean } | undefined;
        if (!item?.in_stock || (item.buy_limit !== null && units > item.buy_limit)) break;
        const promo = (
          sync.giveaway_items as Array<{
            kind: string;
            title: string;
            qualifies: boolean;
            gift_sku_id: number | null;
            gifts: Array<{ sku_id: number; name: string }>;
          }>
        ).find((g) => g.kind === 'gift_threshold' && g.qualifies && g.gift_sku_id !== null && g.gift_sku_id !== sku);
        if (!promo) continue;
        const before = await post('/product/sku', { ids: [sku], counts: [units - 1], exclude_purchase_together: true });
        const stillBelow = before.giveaway_items.find((g: { title: string }) => g.title === promo.title);
        if (stillBelow?.qualifies) break;
        const gift = promo.gifts.find((g) => g.sku_id === promo.gift_sku_id)!;
        return { slug: card.slug, name: card.name, units, title: promo.title, gift: gift.name };
      }
    }
    throw new Error('no product reaches a free-gift threshold');
  });
}

test('a cart reaches the gift threshold, the gift appears, and it leaves when the cart drops below', async ({
  page,
}) => {
  await page.goto('/products');
  const pick = await pickProduct(page);

  await page.goto(`/products/${pick.slug}`);
  await page.locator('main .add-button').first().click();
  await page.goto('/cart');
  const line = page.getByTestId('cart-line').filter({ hasText: pick.name });
  const promo = page.getByTestId('cart-gift').filter({ hasText: pick.title });
  const more = line.getByRole('button', { name: `One more ${pick.name}` });

  // Below the threshold: no gift, and the line says how much is missing.
  for (let n = 1; n < pick.units - 1; n++) await more.click();
  await expect(line.locator('output')).toHaveText(String(pick.units - 1));
  await expect(promo.getByTestId('gift-reason')).toContainText(/Add .+ more for a free gift/);
  await expect(promo.getByTestId('gift-line')).toHaveCount(0);

  // One more unit reaches it: the gift appears at zero price, with why.
  await more.click();
  await expect(promo.getByTestId('gift-line')).toBeVisible();
  await expect(promo.getByTestId('gift-line')).toContainText(pick.gift);
  await expect(promo.getByTestId('gift-line')).toContainText('Free');
  await expect(promo.getByTestId('gift-reason')).toContainText('Free gift: your cart is over');

  // One fewer drops below: the gift leaves.
  await line.getByRole('button', { name: `One less ${pick.name}` }).click();
  await expect(promo.getByTestId('gift-line')).toHaveCount(0);
  await expect(promo.getByTestId('gift-reason')).toContainText(/Add .+ more for a free gift/);
});
