// The staff app's dictionary (every area's, merged): same keys and parameters in both languages, and every counted text a
// plural entry with exactly its language's categories (as dictionaries.test.ts checks for the shop's).
import { describe, expect, it } from 'vitest';
import { isPlural, pluralCategories, type Entry } from './plural';
import { staffTextsAr as staffAr, staffTextsEn as staffEn } from './staff-texts';

// Every area's file, as the merge in staff-texts.ts spreads them: a key two files define is silently one text.
const areaFiles = import.meta.glob<Record<string, Record<string, Entry>>>('./staff*.{en,ar}.ts', { eager: true });

const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!).sort();
const other = (e: Entry) => params(isPlural(e) ? e.other : e);

describe('staff dictionary', () => {
  it('has the same keys and parameters in English and Arabic, none empty', () => {
    expect(Object.keys(staffAr).sort()).toEqual(Object.keys(staffEn).sort());
    for (const key of Object.keys(staffEn) as (keyof typeof staffEn)[]) {
      expect(other(staffAr[key]), key).toEqual(other(staffEn[key]));
      for (const e of [staffEn[key], staffAr[key]])
        for (const text of isPlural(e) ? Object.values(e) : [e]) expect(String(text).trim(), key).not.toBe('');
    }
  });
  it("gives counted texts exactly their language's plural categories", () => {
    for (const [lang, dict] of [
      ['en', staffEn],
      ['ar', staffAr],
    ] as const) {
      const wanted = [...pluralCategories(lang)].sort();
      for (const [key, entry] of Object.entries(dict as Record<string, Entry>)) {
        if (isPlural(entry)) expect(Object.keys(entry).sort(), `${lang} ${key}`).toEqual(wanted);
        else expect(params(entry), `${lang} ${key}`).not.toContain('count');
      }
    }
  });
  it('defines each key in one area file only (the merge would let the later file win)', () => {
    // Issue 73: the dashboard's "Ordered today: {{amount}}" and the order list's "Total" shared a key, so
    // the dashboard printed "Total" with no figure.
    const owners = new Map<string, string[]>();
    for (const [file, module] of Object.entries(areaFiles))
      for (const dict of Object.values(module))
        for (const key of Object.keys(dict)) {
          const id = `${file.includes('.ar.') ? 'ar' : 'en'} ${key}`;
          owners.set(id, [...(owners.get(id) ?? []), file]);
        }
    expect([...owners].filter(([, files]) => files.length > 1)).toEqual([]);
  });
});
