import { describe, expect, it } from 'vitest';
import {
  avatarSvg,
  bannerSvg,
  darken,
  escapeXml,
  lighten,
  packshotSvg,
  type PackshotForm,
  type PackshotInput,
} from './svg';

const FORMS: PackshotForm[] = ['capsule', 'softgel', 'tablet', 'gummy', 'powder', 'liquid', 'chewable'];
const HEX = /^#[0-9a-f]{6}$/;
const MAX_BYTES = 6 * 1024;

const en: PackshotInput = {
  brand: 'Nature Peak',
  name: 'Vitamin D3 1000 IU Softgels',
  strength: '1000 IU',
  form: 'softgel',
  color: '#0d6b5e',
};
const ar: PackshotInput = {
  brand: 'نيتشر بيك',
  name: 'فيتامين د3 1000 وحدة دولية',
  strength: '1000 وحدة',
  form: 'softgel',
  color: '#0d6b5e',
};
const LONG_EN =
  'Ultra Premium Triple Strength Omega-3 Fish Oil with Vitamin E, Lemon Flavour & Molecularly Distilled "Pharmaceutical" Grade for Adults and Teens';
const LONG_AR =
  'فيتامين د3 بتركيز عالي جدا مع فيتامين ك2 والمغنيسيوم والزنك لدعم صحة العظام والمناعة والقلب والأوعية الدموية للكبار والأطفال';

/** UTF-8 size without relying on platform globals (the API's type-check has no DOM or Node types). */
function bytes(text: string): number {
  let size = 0;
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    size += c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
  }
  return size;
}

/**
 * A small well-formedness check for the subset of XML the generators write: elements with double-quoted
 * attributes, character data and entity references. Returns a description of the first problem, or null.
 */
function xmlProblem(xml: string): string | null {
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[A-Za-z][\w:.-]*="[^"<]*")*)\s*(\/?)>|([^<]+)/y;
  const entity = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  const stack: string[] = [];
  let roots = 0;
  let pos = 0;
  while (pos < xml.length) {
    token.lastIndex = pos;
    const m = token.exec(xml);
    if (!m) return `unparseable at ${pos}: ${xml.slice(pos, pos + 40)}`;
    pos = token.lastIndex;
    const [, close, name, attrs, selfClose, text] = m;
    if (text !== undefined) {
      if (stack.length === 0 && text.trim()) return `text outside the root: ${text.slice(0, 40)}`;
      if (entity.test(text) || text.includes('>')) return `unescaped text: ${text.slice(0, 40)}`;
      continue;
    }
    if (close) {
      if (attrs || selfClose) return `malformed closing tag </${name}>`;
      if (stack.pop() !== name) return `mismatched </${name}>`;
      continue;
    }
    const names = Array.from((attrs ?? '').matchAll(/([\w:.-]+)="([^"]*)"/g), (a) => {
      if (entity.test(a[2] ?? '')) throw new Error(`unescaped & in ${a[1]}`);
      return a[1];
    });
    if (new Set(names).size !== names.length) return `duplicate attribute in <${name}>`;
    if (stack.length === 0 && ++roots > 1) return 'more than one root element';
    if (!selfClose) stack.push(name ?? '');
  }
  return stack.length ? `unclosed <${stack.join('> <')}>` : roots === 1 ? null : 'no root element';
}

function expectDocument(svg: string, w: number, h: number) {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg).toContain('xmlns="http://www.w3.org/2000/svg"');
  expect(svg).toContain(`width="${w}" height="${h}" viewBox="0 0 ${w} ${h}"`);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(xmlProblem(svg)).toBeNull();
  expect(bytes(svg)).toBeLessThan(MAX_BYTES);
  // Self-contained: nothing fetched from elsewhere.
  expect(svg).not.toMatch(/https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
  expect(svg).not.toMatch(/<image|@import|url\((?!#)/);
}

/** The text content of every <text> element, bidi controls removed. */
function texts(svg: string): string[] {
  return Array.from(svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), (m) =>
    (m[1] ?? '').replace(/[\u202a-\u202e\u200e\u200f]/g, ''),
  );
}

describe('the XML checker used here', () => {
  it('accepts well-formed documents and rejects broken ones', () => {
    expect(xmlProblem('<svg a="1"><g><rect/></g><text>a &amp; b</text></svg>')).toBeNull();
    expect(xmlProblem('<svg><g></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text>a & b</text></svg>')).not.toBeNull();
    expect(xmlProblem('<svg><text><x></text></svg>')).not.toBeNull();
    expect(xmlProblem('<svg a="1" a="2"/>')).not.toBeNull();
    expect(xmlProblem('<svg/><svg/>')).not.toBeNull();
  });
});

describe('packshotSvg', () => {
  it('draws a complete 600×600 document for every form and both variants, in English and Arabic', () => {
    for (const base of [en, ar]) {
      for (const form of FORMS) {
        for (const variant of [1, 2] as const) expectDocument(packshotSvg({ ...base, form, variant }), 600, 600);
      }
    }
  });

  it('is deterministic', () => {
    for (const form of FORMS) {
      expect(packshotSvg({ ...en, form })).toBe(packshotSvg({ ...en, form }));
      expect(packshotSvg({ ...ar, form, variant: 2 })).toBe(packshotSvg({ ...ar, form, variant: 2 }));
    }
  });

  it('draws a different picture for each form', () => {
    expect(new Set(FORMS.map((form) => packshotSvg({ ...en, form }))).size).toBe(FORMS.length);
    expect(new Set(FORMS.map((form) => packshotSvg({ ...ar, form, variant: 2 }))).size).toBe(FORMS.length);
  });

  it('draws the containers that suit the form', () => {
    // Containers are told apart by their outlines: bottle, jar, tub and dropper bottle.
    const outline = (form: PackshotForm) =>
      /<path d="(M[^"]+)" fill="url\(#p\w+s\)"\/>/.exec(packshotSvg({ ...en, form }))?.[1];
    const bottle = outline('capsule');
    expect(['softgel', 'tablet', 'chewable'].map((f) => outline(f as PackshotForm))).toEqual([bottle, bottle, bottle]);
    expect(new Set([bottle, outline('gummy'), outline('powder'), outline('liquid')]).size).toBe(4);
  });

  it('makes variant 2 a different, close-up image with a Supplement Facts panel', () => {
    for (const form of FORMS) {
      const one = packshotSvg({ ...en, form, variant: 1 });
      const two = packshotSvg({ ...en, form, variant: 2 });
      expect(two).not.toBe(one);
      expect(texts(two)).toContain('Supplement Facts');
      expect(texts(one)).not.toContain('Supplement Facts');
      expect(two).toMatch(/<g transform="translate\([-\d. ]+\) scale\([\d.]+\)">/);
    }
    expect(texts(packshotSvg({ ...ar, variant: 2 }))).toContain('حقائق المكمل الغذائي');
    expect(packshotSvg({ ...en })).toBe(packshotSvg({ ...en, variant: 1 }));
  });

  it('shows the brand in capitals, the name and the strength', () => {
    const t = texts(packshotSvg({ ...en, strength: '25 mcg' }));
    expect(t).toContain('NATURE PEAK');
    expect(t.join(' ')).toContain('Vitamin D3 1000 IU Softgels');
    expect(t).toContain('25 mcg');
    const noStrength = packshotSvg({ ...en, strength: undefined });
    expect(noStrength).not.toContain('25 mcg');
    expectDocument(noStrength, 600, 600);
  });

  it('sets Arabic text, wrapped in a right-to-left embedding', () => {
    const svg = packshotSvg(ar);
    const t = texts(svg);
    expect(t).toContain('نيتشر بيك');
    expect(t.join(' ')).toContain('فيتامين د3');
    expect(svg).toContain('\u202bنيتشر بيك\u202c');
    expect(svg).toContain(
      "font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans Arabic', Arial, sans-serif\"",
    );
  });

  it('escapes markup in every field', () => {
    const svg = packshotSvg({
      brand: 'A&B <x>',
      name: `Tom's "best" <b>oil</b> & more`,
      strength: '<5 mg>',
      form: 'capsule',
      color: '#123456',
    });
    expectDocument(svg, 600, 600);
    expect(svg).not.toMatch(/<x>|<X>|<b>|<5/);
    expect(svg).toContain('A&amp;B &lt;X&gt;');
    expect(svg).toContain('&quot;best&quot;');
    expect(svg).toContain('Tom&apos;s');
    expect(svg).toContain('&lt;5 mg&gt;');
    expectDocument(
      packshotSvg({ brand: 'A&B <x>', name: '<x> & <y>', form: 'gummy', color: '#123456', variant: 2 }),
      600,
      600,
    );
  });

  it('never lets the colour inject markup', () => {
    const svg = packshotSvg({ ...en, color: '"/><script>alert(1)</script>' });
    expectDocument(svg, 600, 600);
    expect(svg).not.toContain('script');
    expect(svg).toContain('#0d6b5e');
  });

  it('wraps a long name over at most three lines with an ellipsis, and stays small', () => {
    for (const form of FORMS) {
      for (const variant of [1, 2] as const) {
        for (const [brand, name] of [
          ['Extraordinarily Long Brand Name Laboratories & Sons', LONG_EN],
          ['نيتشر بيك للمكملات الغذائية الطبيعية', LONG_AR],
          ['&&&&&&&&&&&&&&&&&&&&', '&<>"\''.repeat(200)],
          ['B', 'Supercalifragilisticexpialidocious'.repeat(20)],
        ] as const) {
          const svg = packshotSvg({
            brand,
            name,
            strength: '2000 mg EPA & DHA per serving',
            form,
            color: '#7a3f98',
            variant,
          });
          expectDocument(svg, 600, 600);
          expect(svg).toContain('…');
        }
      }
    }
    const lines = texts(packshotSvg({ ...en, name: LONG_EN })).filter(
      (l) => LONG_EN.includes(l.replace(/…$/, '')) && l !== '1000 IU',
    );
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.at(-1)).toMatch(/…$/);
  });

  it('keeps a short name on one or two lines without an ellipsis', () => {
    expect(packshotSvg({ ...en, name: 'Zinc' })).not.toContain('…');
    expect(texts(packshotSvg({ ...en, name: 'Zinc' }))).toContain('Zinc');
  });

  it('gives documents for different products different ids, so they can share a page', () => {
    const ids = (svg: string) => Array.from(svg.matchAll(/ id="([^"]+)"/g), (m) => m[1]);
    const a = ids(packshotSvg(en));
    const b = ids(packshotSvg({ ...en, name: 'Zinc' }));
    expect(a.length).toBeGreaterThan(0);
    expect(a.filter((id) => b.includes(id))).toEqual([]);
  });
});

describe('avatarSvg', () => {
  it('draws a complete, deterministic 400×400 document', () => {
    const svg = avatarSvg({ name: 'Dr. Sarah Al-Mansoori', color: '#0d6b5e' });
    expectDocument(svg, 400, 400);
    expect(svg).toBe(avatarSvg({ name: 'Dr. Sarah Al-Mansoori', color: '#0d6b5e' }));
    expect(svg).not.toBe(avatarSvg({ name: 'Dr. Sarah Al-Mansoori', color: '#b5442f' }));
  });

  it('shows initials without titles or articles', () => {
    expect(texts(avatarSvg({ name: 'Dr. Sarah Al-Mansoori', color: '#0d6b5e' }))).toEqual(['SM']);
    expect(texts(avatarSvg({ name: 'Prof. omar khalid', color: '#0d6b5e' }))).toEqual(['OK']);
    expect(texts(avatarSvg({ name: 'Layla', color: '#0d6b5e' }))).toEqual(['L']);
    expect(texts(avatarSvg({ name: 'د. سارة المنصوري', color: '#0d6b5e' }))).toEqual(['س م']);
    expect(texts(avatarSvg({ name: 'الدكتورة هند العتيبي', color: '#0d6b5e' }))).toEqual(['ه ع']);
  });

  it('escapes the name', () => {
    const svg = avatarSvg({ name: '<x> & "y"', color: '#0d6b5e' });
    expectDocument(svg, 400, 400);
    expect(svg).not.toContain('<x>');
    expectDocument(avatarSvg({ name: 'الدكتورة سارة عبد الرحمن المنصوري '.repeat(40), color: 'nope' }), 400, 400);
    expectDocument(avatarSvg({ name: '', color: '#fff' }), 400, 400);
  });
});

describe('bannerSvg', () => {
  const ltr = {
    title: 'Winter wellness: 20% off vitamins',
    subtitle: 'Immune support essentials, delivered in 24 hours',
    color: '#0d6b5e',
  };
  const rtl = {
    title: 'صحة الشتاء: خصم 20% على الفيتامينات',
    subtitle: 'أساسيات دعم المناعة، توصيل خلال 24 ساعة',
    color: '#0d6b5e',
    dir: 'rtl' as const,
  };

  it('draws a complete, deterministic 1200×400 document', () => {
    for (const input of [ltr, rtl, { ...ltr, accent: '#ff7a59' }]) {
      const svg = bannerSvg(input);
      expectDocument(svg, 1200, 400);
      expect(svg).toBe(bannerSvg(input));
    }
    expect(bannerSvg({ ...ltr, accent: '#ff7a59' })).not.toBe(bannerSvg(ltr));
  });

  it('aligns the text to the inline start: left for ltr, right for rtl', () => {
    const left = bannerSvg(ltr);
    expect(left).toMatch(/<text x="80" [^>]*text-anchor="start"/);
    expect(left).not.toContain('text-anchor="end"');
    const right = bannerSvg(rtl);
    expect(right).toMatch(/<text x="1120" [^>]*text-anchor="end"/);
    expect(right).not.toContain('text-anchor="start"');
    expect(texts(right).join(' ')).toContain('صحة الشتاء');
  });

  it('puts the pills on the inline-end side', () => {
    const capsuleX = (svg: string) => Number(/<g transform="translate\((\d+) /.exec(svg)?.[1]);
    expect(capsuleX(bannerSvg(ltr))).toBeGreaterThan(600);
    expect(capsuleX(bannerSvg(rtl))).toBeLessThan(600);
  });

  it('escapes and shortens text', () => {
    const svg = bannerSvg({
      title: 'A&B <x> '.repeat(40),
      subtitle: `"quoted" & 'single' `.repeat(40),
      color: '#0d6b5e',
    });
    expectDocument(svg, 1200, 400);
    expect(svg).not.toContain('<x>');
    expect(svg).toContain('…');
  });
});

describe('colour helpers', () => {
  it('lighten and darken return #rrggbb', () => {
    for (const hex of ['#0d6b5e', '#abc', '0d6b5e', '#FFFFFF', '#000000', 'not a colour', '']) {
      for (const amount of [0, 0.25, 0.5, 1, -1, 2, Number.NaN]) {
        expect(lighten(hex, amount)).toMatch(HEX);
        expect(darken(hex, amount)).toMatch(HEX);
      }
    }
  });

  it('mix toward white and black', () => {
    expect(lighten('#0d6b5e', 0)).toBe('#0d6b5e');
    expect(lighten('#0d6b5e', 1)).toBe('#ffffff');
    expect(darken('#0d6b5e', 1)).toBe('#000000');
    expect(lighten('#000000', 0.5)).toBe('#808080');
    expect(darken('#ffffff', 0.5)).toBe('#808080');
    expect(darken('#AABBCC', 0)).toBe('#aabbcc');
    expect(lighten('#abc', 0)).toBe('#aabbcc');
    expect(lighten('#0d6b5e', 5)).toBe('#ffffff');
  });
});

describe('escapeXml', () => {
  it('escapes the five specials', () => {
    expect(escapeXml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
    );
    expect(escapeXml('فيتامين د3')).toBe('فيتامين د3');
  });

  it('drops characters XML cannot hold', () => {
    expect(escapeXml('a\u0000b\u0008c\u001fd\ud800e\uffff')).toBe('abcde');
    expect(escapeXml('tab\tnew\nline 😀')).toBe('tab\tnew\nline 😀');
  });
});
