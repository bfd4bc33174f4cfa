// Data requests in the staff app (decision 49), through its pages at staff.localhost: a support agent
// prepares a shopper's archive from her page (then sees it listed as being prepared for her, and a
// second try says one is open), in Arabic too; a catalogue manager has neither the page nor the link.
import { describe, expect, it } from 'vitest';
import { newShopper } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const shopper = () => newShopper('rights');

describe('data requests in the staff app', () => {
  it('prepares her archive from her page and lists it with who asked', async () => {
    const agent = await staffSignIn([{ role: 'support', country: null }], { lang: 'en', name: 'Noura' });
    const reem = await shopper();
    const page = await (await staffPage(`/customers/${reem.id}`, agent.cookie)).text();
    expect(page).toContain(`action="/customers/${reem.id}/data-export"`);
    const made = await staffPost(`/customers/${reem.id}/data-export`, {}, agent.cookie);
    expect(made.status).toBe(303);
    expect(made.headers.get('location')).toBe(`/customers/${reem.id}?done=archive`);
    expect(await (await staffPage(`/customers/${reem.id}?done=archive`, agent.cookie)).text()).toContain(
      'Her archive is being prepared',
    );
    const again = await staffPost(`/customers/${reem.id}/data-export`, {}, agent.cookie);
    expect(again.headers.get('location')).toBe(`/customers/${reem.id}?failed=data_export_in_progress`);
    expect(await (await staffPage(again.headers.get('location')!, agent.cookie)).text()).toContain(
      'is being prepared or is on offer already',
    );

    const nav = await (await staffPage('/', agent.cookie)).text();
    expect(nav).toContain('href="/data-requests"');
    const list = await (await staffPage('/data-requests', agent.cookie)).text();
    expect(list).toContain(reem.email);
    expect(list).toContain('Being prepared');
    expect(list).toContain('Noura');
  });

  it('reads in Arabic, and is not offered to a catalogue manager', async () => {
    const agent = await staffSignIn([{ role: 'support', country: null }], { lang: 'ar', name: 'Noura' });
    const list = await staffPage('/data-requests', agent.cookie);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('طلبات البيانات');
    const manager = await staffSignIn([{ role: 'catalogue_manager', country: null }], { lang: 'en', name: 'Sami' });
    expect(await (await staffPage('/', manager.cookie)).text()).not.toContain('href="/data-requests"');
    expect((await staffPage('/data-requests', manager.cookie)).status).toBe(403);
  });
});
