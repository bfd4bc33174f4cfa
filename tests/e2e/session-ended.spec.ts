// A session that ends in the middle of checkout: told why, signed in again, back with what was typed; and one
// ended in another tab while this one holds a fresh session pass (decision 83).
import { expect, signUpThroughApi, test, uniqueEmail } from './fixtures';

test('a shopper whose session ends while checking out signs in again and finds the cart and the typed address, and is told when she signs out in another tab', async ({
  page,
  context,
}) => {
  const { email } = await signUpThroughApi(page, { name: 'Huda Ended', email: uniqueEmail('ended') });
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/profile$/);
  const slug = await page.evaluate(async () => {
    const res = await fetch('/api/product/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        filters: [{ key: 'only_available', type: 'boolean', value: true }],
        sort: { key: 'price', value: 'asc' },
      }),
    });
    return ((await res.json()).data.items as Array<{ slug: string }>)[0]!.slug;
  });
  await page.goto(`/products/${slug}`);
  await page.locator('main .add-button').first().click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill('98765432');
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('Gulf Road');
  await form.locator('input[name=building]').fill('7');

  // The session ends (expired or revoked elsewhere) before the address is saved.
  await context.clearCookies({ name: 'atk' });
  await form.locator('button[type=submit]').click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?return_url=%2Fcheckout%2Fshipping&reason=session_ended$/);
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');

  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  await expect(form.locator('input[name=street]')).toHaveValue('Gulf Road');
  await expect(form.locator('input[name=phone]')).toHaveValue('98765432');
  await form.locator('button[type=submit]').click();
  await expect(page.getByTestId('checkout-address')).toHaveCount(1);

  // It ends again on the review page, card chosen: placing the order is not sent as a guest's, the
  // shopper is told and comes back to the same review with the same choice.
  await page.getByTestId('checkout-continue').click();
  await expect(page).toHaveURL(/\/checkout\/order$/);
  // The totals first: the speed and points controls they bring move the payment choice down, and a
  // click aimed before they arrive can land beside it.
  await expect(page.getByTestId('place-order')).toBeEnabled();
  await page.getByLabel('Pay online').check();
  await expect(page.getByLabel('Pay online')).toBeChecked();
  await context.clearCookies({ name: 'atk' });
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/auth\/sign-in\?return_url=%2Fcheckout%2Forder&reason=session_ended$/);
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/checkout\/order$/);
  await expect(page.getByLabel('Pay online')).toBeChecked();

  // Signed in again, the sign-in page itself moves on.
  await page.goto('/auth/sign-in?return_url=%2Fcart');
  await expect(page).toHaveURL(/\/cart$/);

  // Her session ends in another tab while this one still holds its cookies, a fresh session pass among
  // them. Her next product page comes at once from the kept copy, showing nothing of hers, and its trip
  // asks the API as her (decision 83): the API's answer ends her session here too, as any 401 does.
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('link', { name: 'Account: Huda Ended' })).toBeVisible();
  const held = await context.cookies();
  const out = await page.request.post('/api/user/logout', {
    headers: { origin: new URL(page.url()).origin, 'content-type': 'application/json' },
    data: {},
  });
  expect(out.status()).toBe(200);
  await context.clearCookies();
  await context.addCookies(held);
  await page.goto(`/products/${slug}`);
  await expect(page).toHaveURL(new RegExp(`/auth/sign-in\\?return_url=%2Fproducts%2F${slug}&reason=session_ended$`));
  await expect(page.getByTestId('session-ended')).toContainText('Your session has ended');
  await expect(page.getByText('Huda Ended')).toHaveCount(0);
});
