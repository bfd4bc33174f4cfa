// The texts' conventions (docs/recipes/add-a-text.md, "Arabic conventions") as checks: the shop
// addresses the shopper in one form in Arabic (the generic masculine second person, as its buttons
// always did: «أضف», «اختر»), and no text, nor a message built from texts, ends a sentence twice
// ("Thank you!." in a WhatsApp update, issue 73).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ar } from '../../shared/i18n/ar';
import { en } from '../../shared/i18n/en';
import { staffTextsAr, staffTextsEn } from '../../shared/i18n/staff-texts';
import { isPlural, type Entry } from '../../shared/i18n/plural';

/** Source files holding what a shopper reads in Arabic: the dictionaries (not staff's), pages' content, mails, messages. */
function shopperTextFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) files.push(path);
    }
  };
  // api/seed: the demo catalogue's texts (product notes, blood tests, the shop's pages).
  for (const dir of [
    'shared/i18n',
    'client',
    'api/src',
    'api/seed',
    'shared/blood-tests',
    'shared/delivery',
    'shared/orders',
    'shared/quiz',
  ])
    walk(dir);
  // The back office's texts address staff; search normalisation and hostile inputs are data, not
  // address. The blood-test data generates migration 0020, locked as applied: migration 0082 corrects
  // its rows in the database, so the file keeps the text 0020 was applied with.
  return files.filter((f) => !/(^|\/)staff[-/]|\/search\/|\/testing\/|^api\/seed\/data\/blood-tests\.ts$/.test(f));
}

const ARABIC_WORD = /[\u0621-\u064A\u064B-\u0652]+/g;

/**
 * The feminine address's common marks: a pronoun or past-tense ending written with its kasra (ـكِ,
 * ـتِ), "أنتِ", and the feminine imperatives and present forms the shop's texts used to have.
 */
const FEMININE_WORDS = new Set(
  (
    'أنتِ تريدين تحصلين تكسبين تجدين تودّين تفضّلين تخططين تستطيعين ستحصلين ستجدين اختاري أضيفي أدخلي ادخلي ' +
    'افتحي انضمي احجزي أنشئي أعيدي أخبري أخبرينا تأكدي تأكّدي اضغطي قيّمي ضعي شاركي حدّدي حاولي تحقّقي تابعي ' +
    'انظري استشيري استخدمي ارفعي ادفعي ابدئي ابحثي أنفقي اقرئيها تحدثي راقبي وصّلي تناوليه اسمحي انسخيه سجّلي ' +
    'اطلبي اكتبي أرسلي أكملي احفظي غيّري تسوّقي جرّبي تناولي احجزي ابدئي'
  ).split(' '),
);

function feminineMarks(text: string): string[] {
  return (text.match(ARABIC_WORD) ?? []).filter((word) => {
    const bare = word.replace(/^[وف](?=[\u0621-\u064A]{3})/, '');
    return FEMININE_WORDS.has(word) || FEMININE_WORDS.has(bare) || /[كت]\u0650$/.test(word);
  });
}

describe('the shopper is addressed in one form in Arabic', () => {
  it('finds the feminine marks it looks for', () => {
    expect(feminineMarks('هل أنتِ حامل؟ اختاري وقتًا، ثم ادفعي. شكرًا لكِ')).toEqual(['أنتِ', 'اختاري', 'ادفعي', 'لكِ']);
    expect(feminineMarks('هل أنت حامل؟ اختر وقتًا، ثم ادفع. شكرًا لك')).toEqual([]);
  });

  it('has no feminine address in the shop’s Arabic texts, mails and messages', () => {
    const found: string[] = [];
    for (const file of shopperTextFiles()) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, i) => {
        const marks = feminineMarks(line);
        if (marks.length) found.push(`${file}:${i + 1} ${marks.join(' ')}`);
      });
    }
    expect(found).toEqual([]);
  });
});

/** Two sentence ends in a row ("!.", "?.", ".." but not an ellipsis), or a comma before an end. */
const DOUBLED = /(?:[.!?؟]|[,،:;])\s*[.!?؟](?!\.)/;
const texts = (e: Entry): string[] => (isPlural(e) ? Object.values(e).filter((v) => typeof v === 'string') : [e]);

function doubled(dict: Record<string, Entry>): string[] {
  return Object.entries(dict).flatMap(([key, entry]) =>
    texts(entry)
      .filter((text) => DOUBLED.test(text.replace(/\.\.\.|…/g, '')))
      .map((text) => `${key}: ${text}`),
  );
}

describe('punctuation', () => {
  it('catches a doubled end', () => {
    expect(doubled({ a: 'Thank you!.', b: 'شكرًا،.', c: 'Wait...', d: 'Done. Next.' })).toEqual([
      'a: Thank you!.',
      'b: شكرًا،.',
    ]);
  });

  it('has no text in any dictionary that ends a sentence twice', () => {
    for (const dict of [en, ar, staffTextsEn, staffTextsAr]) expect(doubled(dict as Record<string, Entry>)).toEqual([]);
  });

  it('builds no WhatsApp order update that ends a sentence twice, in either language', async () => {
    // Loaded by path, not a static import: the API's TypeScript project holds it, not this one.
    const file = '../../api/src/messages/whatsapp-updates.ts';
    const { orderStepMessage, WHATSAPP_ORDER_STEPS } = (await import(file)) as {
      WHATSAPP_ORDER_STEPS: string[];
      orderStepMessage(
        o: { orderId: number; lang: 'en' | 'ar'; step: string; phone: string },
        p: { secret: string; siteOrigin: string },
      ): Promise<{ text: string } | null>;
    };
    for (const lang of ['en', 'ar'] as const)
      for (const step of WHATSAPP_ORDER_STEPS) {
        const m = await orderStepMessage(
          { orderId: 12, lang, step, phone: '+96550000000' },
          { secret: 'test-secret', siteOrigin: 'https://shop.test' },
        );
        const sentence = m!.text.split('\n')[0]!;
        expect(DOUBLED.test(sentence), `${lang} ${step}: ${sentence}`).toBe(false);
      }
  });
});
