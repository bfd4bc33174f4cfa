// Shopper trust (issue 9): getting around, keeping focus, and filtering on a phone, in both languages.
import { expect, test } from './fixtures';

test('a keyboard shopper adds and removes a product from its card and stays on that card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  const index = await page.getByTestId('product-card').evaluateAll((cards) => cards.findIndex((c) => /^Add to cart: /.test(c.querySelector('.add-button')?.getAttribute('aria-label') ?? '')));
  const card = page.getByTestId('product-card').nth(index);
  const add = card.locator('.add-button');
  const name = (await add.getAttribute('aria-label'))!.replace('Add to cart: ', '');

  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(card.getByRole('button', { name: `One more ${name}` })).toBeFocused();

  await card.getByRole('button', { name: `Remove ${name} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(card.getByRole('button', { name: `Add to cart: ${name}` })).toBeFocused();
});

test('a shopper gets focus back on the button that opened the sign-in modal, and closes a toast with the mouse', async ({ page }) => {
  await page.goto('/');
  const signIn = page.getByRole('link', { name: 'Sign in' });
  await signIn.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(signIn).toBeFocused();

  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByTestId('country-switch').selectOption('SA');
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  // A real mouse press and release on the close button, well before the toast's own 4 s timer.
  const box = (await toast.getByRole('button', { name: 'Dismiss' }).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.up();
  await expect(toast).toHaveCount(0, { timeout: 1500 });
  await page.getByTestId('country-switch').selectOption('KW');
});
