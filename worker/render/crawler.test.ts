import { describe, expect, it } from 'vitest';
import { wantsWholeDocument } from './crawler';

const CRAWLERS = {
  Googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Facebook preview': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'WhatsApp preview': 'WhatsApp/2.23.20.0 A',
  'Telegram preview': 'TelegramBot (like TwitterBot)',
  'Slack preview': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
};

const SHOPPERS = {
  'Chrome on Android':
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
  'Safari on iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  // "bot" inside a phone's model name is a shopper, not a crawler.
  'Chrome on a CUBOT phone':
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

describe('the whole document at once', () => {
  it.each(Object.entries(CRAWLERS))('goes to %s', (_name, ua) => expect(wantsWholeDocument(ua)).toBe(true));
  it.each(Object.entries(SHOPPERS))('not to %s, who gets the stream', (_name, ua) =>
    expect(wantsWholeDocument(ua)).toBe(false),
  );
  it('not to a request without a user agent', () => expect(wantsWholeDocument(undefined)).toBe(false));
});
