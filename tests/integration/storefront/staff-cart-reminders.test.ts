// Cart reminders in the back office (issue 64), through the staff worker: the owner reads the settings
// and the weekly figures in English and Arabic and saves new steps (Post/Redirect/Get); a step out of
// range is refused on the page with its reason; a member without promotions:read is refused the page.
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { formatDate } from '#shared/text/dates';
import { staffPage, staffPost, staffSignIn } from './staff-session';

describe('the cart reminders page', () => {
  it('shows the owner the settings and saves new steps, in English and Arabic', async () => {
    const owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Huda' })).cookie;
    const page = await (await staffPage('/cart-reminders', owner)).text();
    expect(page).toContain('<h1>Cart reminders</h1>');
    expect(page).toContain('value="60"');
    expect(page).toContain('value="1440"');
    expect(page).toContain('No cart reminder was sent in these weeks.');

    const saved = await staffPost(
      '/cart-reminders',
      {
        enabled: 'on',
        step1: '90',
        step2: '2880',
        quiet_from: '22',
        quiet_to: '8',
        incentive_KW: '10',
        incentive_SA: '5',
      },
      owner,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/cart-reminders?done=saved');
    const row = await env.API_DB.prepare("SELECT value FROM shop_settings WHERE key = 'cart_reminders.steps'").first<{
      value: string;
    }>();
    expect(JSON.parse(row!.value)).toEqual([90, 2880]);
    const incentive = await env.API_DB.prepare(
      "SELECT value FROM shop_settings WHERE key = 'cart_reminders.incentive'",
    ).first<{ value: string }>();
    // Every country's figure is saved; the Emirates' field was left at 0.
    expect(JSON.parse(incentive!.value)).toEqual({ KW: 1000, SA: 500, AE: 0 });
    const after = await (await staffPage('/cart-reminders?done=saved', owner)).text();
    expect(after).toContain('Reminder settings saved.');
    expect(after).toContain('value="90"');

    const refused = await staffPost(
      '/cart-reminders',
      { step1: '5', quiet_from: '21', quiet_to: '9', incentive_KW: '0', incentive_SA: '0' },
      owner,
    );
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('A reminder step is between 15 minutes and a week (10080 minutes).');

    const ar = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Noura', lang: 'ar' })).cookie;
    const arabic = await (await staffPage('/cart-reminders', ar)).text();
    expect(arabic).toContain('<h1>التذكير بالسلة</h1>');
    expect(arabic).toContain('آخر 8 أسابيع');
  });

  it('shows a Saudi cart’s week from Sunday (its first working day), Riyadh time, as it says, each cart reminded, and its wide table in a focusable named region', async () => {
    // Two carts of one shopper reminded this week (her next cart took her row over), as the cron records them.
    const now = Date.now();
    const cart = await env.API_DB.prepare(
      "INSERT INTO saved_carts (guest_email, guest_identity, country, lang, items, status, updated_at) VALUES ('weeks@example.com', 'weeks@example.com', 'SA', 'en', '[]', 'emptied', ?) RETURNING id",
    )
      .bind(now - 2_000)
      .first<{ id: number }>();
    await env.API_DB.batch(
      [now - 3_000, now - 2_000].map((version) =>
        env.API_DB.prepare(
          "INSERT INTO cart_reminders (cart_id, cart_version, step, channel, country, sent_at) VALUES (?, ?, 1, 'whatsapp', 'SA', ?)",
        ).bind(cart!.id, version, version + 1_000),
      ),
    );
    const owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Maha' })).cookie;
    const page = await (await staffPage('/cart-reminders', owner)).text();
    expect(page).toContain(
      '<section class="table-wrap" tabindex="0" aria-label="Figures by week, channel and country">',
    );
    expect(page).toContain(
      'A week begins on the first working day after the cart’s country’s weekend, at midnight in that country’s time.',
    );
    // This week's Sunday in Riyadh, whatever day the test runs.
    const riyadh = new Date(now + 3 * 3_600_000);
    const sunday = Date.UTC(
      riyadh.getUTCFullYear(),
      riyadh.getUTCMonth(),
      riyadh.getUTCDate() - riyadh.getUTCDay(),
      12,
    );
    const row = /<tr><td>([^<]+)<\/td><td>WhatsApp<\/td><td>Saudi Arabia<\/td><td>(\d+)<\/td>/.exec(page);
    expect(row?.slice(1)).toEqual([formatDate(sunday, 'en', 'SA'), '2']);
  });

  it('is refused to a member without promotions:read', async () => {
    const clerk = (await staffSignIn([{ role: 'fulfilment', country: null }], { name: 'Fahad' })).cookie;
    expect((await staffPage('/cart-reminders', clerk)).status).toBe(403);
  });
});
