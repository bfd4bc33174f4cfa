// The phone code forms' countdown: seconds, then minutes from two minutes on, with Arabic's plural forms;
// the API's 429 read as a refusal with its time to wait.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApiFailure } from '#shared/api/client';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import type { Lang } from '#shared/locale';
import { I18nProvider, provideDictionary } from '../i18n/context';
import { refusalOf, resendAt, WaitText } from './code-wait';

provideDictionary('en', en);
provideDictionary('ar', ar);

const text = (lang: Lang, seconds: number, kind: 'resend' | 'retry' = 'resend') =>
  renderToStaticMarkup(
    <I18nProvider lang={lang}>
      <WaitText seconds={seconds} kind={kind} />
    </I18nProvider>,
  ).replace(/<[^>]+>/g, '');

describe('the code countdown', () => {
  it('counts seconds, then minutes from two minutes on, in English', () => {
    expect(text('en', 1)).toBe('You can ask for a new code in 1 second.');
    expect(text('en', 59)).toBe('You can ask for a new code in 59 seconds.');
    expect(text('en', 119)).toBe('You can ask for a new code in 119 seconds.');
    expect(text('en', 121)).toBe('You can ask for a new code in 3 minutes.');
    expect(text('en', 45, 'retry')).toBe('You can try again in 45 seconds.');
    expect(text('en', 0)).toBe('');
  });

  it('uses Arabic’s plural forms', () => {
    expect(text('ar', 1)).toContain('ثانية واحدة');
    expect(text('ar', 2)).toContain('ثانيتين');
    expect(text('ar', 5)).toContain('ثوانٍ');
    expect(text('ar', 45)).toContain('ثانية');
    expect(text('ar', 180)).toContain('دقائق');
    expect(text('ar', 14 * 60)).toContain('دقيقة');
  });

  it('reads a 429 as a refusal with its time to wait, and a success’s resend_in', () => {
    const before = Date.now();
    const refusal = refusalOf(
      new ApiFailure(429, { data: { retry_after: 42 }, meta: { msg: 'phone_code_wait', code: 429, msgType: 1 } }),
    );
    expect(refusal?.key).toBe('phone_code_wait');
    expect(refusal!.until - before).toBeGreaterThanOrEqual(42_000);
    expect(refusal!.until - before).toBeLessThan(43_000);
    expect(
      refusalOf(new ApiFailure(400, { data: null, meta: { msg: 'phone_code_invalid', code: 400, msgType: 1 } })),
    ).toBeNull();
    expect(resendAt({ sent: true, resend_in: 60 }) - before).toBeGreaterThanOrEqual(60_000);
  });
});
