// A shopper and her nutritionist meet in the browser (issue 46, decision 56): two Chromium contexts with
// Chromium's fake camera and microphone, the shop in local mode (direct media: the browsers connect to
// each other, signalled through the consultation's room). Each side must receive the other's video
// (frames advancing) and audio, the chat must go both ways, and a reload must bring the chat back. Only
// the call's and the device check's documents may use the camera: she gets to them, and leaves them, by
// loading a document, never in place. Each side's status follows the other's mode (video or chat only),
// both ways. The room's ticket rides as a WebSocket subprotocol, good once for the session that joined.
import type { Page } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPath } from './browser';
import {
  createStaffThroughDev,
  expect,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
  uniqueEmail,
} from './fixtures';

// A camera that shows a moving test pattern and a microphone that beeps, granted without a prompt.
test.use({
  launchOptions: {
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  },
  permissions: ['camera', 'microphone'],
});

/** The other side's video is playing: it has a size, its frames advance, and an audio track is live. */
async function receivesMedia(page: Page) {
  const video = page.getByTestId('call-remote-video');
  await expect(video).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.videoWidth), { timeout: 20_000 })
    .toBeGreaterThan(0);
  const frames = () => video.evaluate((v: HTMLVideoElement) => v.getVideoPlaybackQuality().totalVideoFrames);
  const before = await frames();
  await expect.poll(frames, { timeout: 10_000 }).toBeGreaterThan(before + 5);
  expect(
    await video.evaluate((v: HTMLVideoElement) =>
      (v.srcObject as MediaStream).getAudioTracks().map((t) => `${t.kind}:${t.readyState}`),
    ),
  ).toEqual(['audio:live']);
}

/** Whether the page's document may use a feature (Chromium's document.featurePolicy). */
const allows = (page: Page, feature: string) =>
  page.evaluate(
    (f) =>
      (document as Document & { featurePolicy?: { allowsFeature(f: string): boolean } }).featurePolicy?.allowsFeature(
        f,
      ) ?? null,
    feature,
  );
/** Marks the page's document: a page shown in place keeps the mark, a loaded document has none. */
const markDocument = (page: Page) =>
  page.evaluate(() => {
    (window as Window & { __sameDocument?: true }).__sameDocument = true;
  });
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as Window & { __sameDocument?: true }).__sameDocument === true);

/** On a phone the video and the chat are tabs: shows one (on a desktop both are always shown). */
async function showPane(page: Page, name: string) {
  const tab = page.getByRole('tab', { name });
  if (await tab.isVisible()) await tab.click();
}

// One browser run (decision 70): Arabic from Saudi Arabia on a phone (the call's panes become tabs), then
// the same call opened again in English on a desktop (both panes side by side).
const STORIES = [
  {
    lang: 'ar',
    country: 'SA',
    viewport: { width: 390, height: 844 },
    sent: 'آخذ الحديد كل صباح',
    reply: 'خذيه مع عصير البرتقال وليس الشاي',
  },
] as const;

for (const story of STORIES) {
  test(`a shopper and her nutritionist see and hear each other, chat both ways, a reload brings the chat back, and chat only carries on without video (${story.lang}/${story.country}, ${story.viewport.width} px)`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const prefix = story.lang === 'ar' ? '/ar' : '';
    const ar = story.lang === 'ar';
    await page.setViewportSize(story.viewport);
    const chatTab = ar ? 'المحادثة' : 'Chat';
    const videoTab = ar ? 'الفيديو' : 'Video';

    // The shopper, signed in, in her country and language.
    const email = uniqueEmail('call');
    if (story.country === 'SA') {
      await signUpThroughApi(page, { lang: story.lang, email, name: 'Noura Caller' });
      await page.goto(`${prefix}/profile`);
      await page.getByTestId('country-switch').selectOption('SA');
      await expect(page.getByTestId('country-switch')).toHaveValue('SA');
    } else await signUpThroughApi(page, { lang: story.lang, email, name: 'Sara Caller' });

    // Her nutritionist's back-office account, and a consultation booked between them now.
    const staff = staffOrigin(baseURL!);
    const account = await createStaffThroughDev(page, [{ role: 'nutritionist', country: null }], {
      name: 'Huda Nutritionist',
      lang: story.lang,
    });
    const booked = await page.request.post('/dev/consultations/call', {
      data: { email, staff_id: (account as unknown as { id: number }).id, country: story.country, lang: story.lang },
    });
    expect(booked.status(), await booked.text()).toBe(200);
    const id = (await booked.json()).data.consultation_id as number;

    // The nutritionist, in a browser of her own, on the back office's call page.
    const staffContext = await browser.newContext({ permissions: ['camera', 'microphone'] });
    const problems: string[] = [];
    try {
      const desk = await staffContext.newPage();
      desk.on('console', (m) => {
        // Signing in lands on the dashboard, which a nutritionist's role may not open (403 by design).
        const dashboard = m.location().url === `${staff}/` && m.text().includes('status of 403');
        if (m.type() === 'error' && !dashboard) problems.push(`staff console: ${m.text()} (${m.location().url})`);
      });
      desk.on('pageerror', (e) => problems.push(`staff pageerror: ${e.message}`));
      await signInStaff(desk, staff, account, story.lang);
      await desk.goto(`${staff}/consultations/${id}/call`);
      await expect(desk.getByRole('heading', { level: 1 })).toHaveText(
        ar ? 'مكالمة مع Noura Caller' : 'Call with Sara Caller',
      );
      await expect(desk.getByRole('status').first()).toHaveText(
        ar ? 'في انتظار انضمام Noura Caller' : 'Waiting for Sara Caller to join',
      );

      // She joins from her consultation's page, which may not use the camera: the call is a document of
      // its own, the one that may (decision 56).
      await page.goto(`${prefix}/profile/consultations/${id}`);
      await expect(page.getByTestId('consult-join')).toBeVisible();
      expect(await allows(page, 'camera')).toBe(false);
      await markDocument(page);
      await page.getByTestId('consult-join').click();
      await page.waitForURL(`**${prefix}/profile/consultations/${id}/call`);
      await expect(
        page.getByRole('heading', {
          level: 2,
          name: ar ? 'استشارة مع د. هدى صالح' : 'Consultation with Dr Huda Saleh',
        }),
      ).toBeVisible();
      await expect(page.getByTestId('call-status')).toHaveText(
        ar ? 'د. هدى صالح في المكالمة' : 'Dr Huda Saleh is in the call',
      );
      expect(await sameDocument(page)).toBe(false);
      expect(await allows(page, 'camera')).toBe(true);
      expect(await allows(page, 'microphone')).toBe(true);
      expect(await allows(desk, 'camera')).toBe(true);
      await receivesMedia(page);
      await receivesMedia(desk);

      // The chat, both ways.
      await showPane(page, chatTab);
      const chat = page.getByRole('textbox', { name: ar ? 'رسالتك' : 'Your message' });
      await chat.fill(story.sent);
      await page.getByRole('button', { name: ar ? 'إرسال' : 'Send' }).click();
      await expect(desk.getByTestId('call-chat-message')).toHaveCount(1);
      await expect(desk.getByTestId('call-chat-message').first()).toContainText(story.sent);
      await desk.getByTestId('call-chat-input').fill(story.reply);
      await desk.getByRole('button', { name: ar ? 'إرسال' : 'Send' }).click();
      const mine = page.getByTestId('call-chat-message');
      await expect(mine).toHaveCount(2);
      await expect(mine.nth(1)).toContainText(story.reply);
      await expect(mine.nth(0)).toHaveAttribute('data-seq', '1');
      await expect(mine.nth(1)).toHaveAttribute('data-seq', '2');

      // She reloads: the chat comes back from the room, in order, and the video with it.
      await page.reload();
      await expect(mine).toHaveCount(2);
      await expect(mine.nth(0)).toContainText(story.sent);
      await expect(mine.nth(1)).toContainText(story.reply);
      await showPane(page, videoTab);
      await receivesMedia(page);
      await receivesMedia(desk);
      // The nutritionist's side kept its chat and was not told twice.
      await expect(desk.getByTestId('call-chat-message')).toHaveCount(2);

      // Her connection is poor, say: she continues in chat only. The nutritionist is told, the video
      // stops on both sides, the chat goes on; and her video comes back when she turns it on again.
      await page.getByTestId('call-chat-only').click();
      await expect(desk.getByRole('status').first()).toHaveText(
        ar ? 'Noura Caller تتابع بالمحادثة الكتابية فقط' : 'Sara Caller continues in chat only',
      );
      await expect(desk.getByTestId('call-remote-video')).toBeHidden();
      await expect(page.getByTestId('call-remote-video')).toBeHidden();
      // Her page no longer says the video is connected, nor does the nutritionist's (issue 61, finding 8).
      await expect(desk.getByTestId('call-media')).toHaveText(
        ar
          ? 'لا فيديو: Noura Caller في المحادثة الكتابية فقط. يعود الفيديو عندما تشغّل الكاميرا.'
          : 'No video: Sara Caller is in chat only. It starts again when she turns hers on.',
      );
      await showPane(page, chatTab);
      await chat.fill(ar ? 'أكمل بالكتابة' : 'Continuing in writing');
      await page.getByRole('button', { name: ar ? 'إرسال' : 'Send' }).click();
      await expect(desk.getByTestId('call-chat-message')).toHaveCount(3);
      await showPane(page, videoTab);
      await page.getByTestId('call-chat-only').click();
      await receivesMedia(page);
      await receivesMedia(desk);
      await expect(desk.getByTestId('call-media')).toHaveText(ar ? 'الفيديو متصل' : 'Video connected');

      // The other way round: the nutritionist continues in chat only. Her page says so, in Arabic in the
      // nutritionist's gender (a woman: تتابع), instead of connecting the video for ever.
      await desk.getByTestId('call-chat-only').click();
      await expect(page.getByTestId('call-status')).toHaveText(
        ar ? 'د. هدى صالح تتابع بالمحادثة الكتابية فقط' : 'Dr Huda Saleh continues in chat only',
      );
      await expect(page.getByTestId('call-media')).toHaveText(
        ar
          ? 'لا فيديو: د. هدى صالح في المحادثة الكتابية فقط. يعود الفيديو عندما تشغّل الكاميرا.'
          : 'No video: Dr Huda Saleh is in chat only. It starts again when she turns hers on.',
      );
      await expect(page.getByTestId('call-remote-video')).toBeHidden();
      await desk.getByTestId('call-chat-only').click();
      await receivesMedia(page);
      await receivesMedia(desk);
      await expect(page.getByTestId('call-media')).toHaveText(ar ? 'الفيديو متصل' : 'Video connected');
      // She opens the call again in English on a desktop: a new document, the same call. The English
      // texts and the desktop layout (both panes side by side, no tabs) in the same story (decision 70).
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto(`/profile/consultations/${id}/call`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.getByRole('heading', { level: 2, name: 'Consultation with Dr Huda Saleh' })).toBeVisible();
      await expect(page.getByTestId('call-status')).toHaveText('Dr Huda Saleh is in the call');
      await expect(page.getByRole('tab', { name: 'Chat' })).toHaveCount(0);
      await expect(mine).toHaveCount(3);
      await expect(page.getByRole('textbox', { name: 'Your message' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send' })).toBeVisible();
      await receivesMedia(page);
      await expect(page.getByTestId('call-media')).toHaveText('Video connected');

      // Any other way in, a link shown in place (the site index lists every page), loads a document
      // too; leaving for another kind of page loads one that may not use the camera.
      await page.goto('/site-index');
      await markDocument(page);
      // (Its link shows no title: the site index does not load the call's texts. Clicked as a script would.)
      await page.locator('main a[href="/consultation-check"]').dispatchEvent('click');
      await page.waitForURL('**/consultation-check');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your camera and microphone');
      expect(await sameDocument(page)).toBe(false);
      expect(await allows(page, 'camera')).toBe(true);
      await markDocument(page);
      await page.getByRole('link', { name: 'Gulf Vitamins', exact: true }).first().click();
      await expect.poll(() => sameDocument(page).catch(() => true), { timeout: 10_000 }).toBe(false);
      await expect(page).toHaveURL(`${baseURL}/`);
      expect(await allows(page, 'camera')).toBe(false);
      expect(await allows(desk, 'microphone')).toBe(true);
    } finally {
      await staffContext.close();
    }
    expect(problems).toEqual([]);
  });
}
