// A product's packshot: the container that suits its form, with a front and a back label.
import type { PackshotForm, PackshotInput } from './inputs';
import { darken, inkOn, lighten, luminance, rgb, toHex } from './colour';
import {
  type Rect,
  clip,
  ellipsize,
  fitLines,
  fitOne,
  hash,
  isArabic,
  measure,
  n,
  rect,
  svgOpen,
  textEl,
} from './text';

interface Container {
  /** Drawn first: material silhouette(s), before the label. */
  body: string;
  /** Outline of the body, for shading, and its bounding box, for the highlight. */
  shape: string;
  box: Rect;
  label: Rect;
  /** Drawn last: cap, lid, collar, bulb… */
  top: string;
  floorW: number;
}

const WORDS = {
  en: {
    plural: {
      capsule: 'Capsules',
      softgel: 'Softgels',
      tablet: 'Tablets',
      gummy: 'Gummies',
      powder: 'Powder',
      liquid: 'Liquid Drops',
      chewable: 'Chewables',
    },
    serving: {
      capsule: '1 Capsule',
      softgel: '1 Softgel',
      tablet: '1 Tablet',
      gummy: '2 Gummies',
      powder: '1 Scoop',
      liquid: '1 Dropper',
      chewable: '1 Tablet',
    },
    facts: 'Supplement Facts',
    size: 'Serving Size',
    amount: 'Amount Per Serving',
  },
  ar: {
    plural: {
      capsule: 'كبسولات',
      softgel: 'كبسولات هلامية',
      tablet: 'أقراص',
      gummy: 'حلوى جيلاتينية',
      powder: 'مسحوق',
      liquid: 'قطرات سائلة',
      chewable: 'أقراص للمضغ',
    },
    serving: {
      capsule: 'كبسولة واحدة',
      softgel: 'كبسولة هلامية واحدة',
      tablet: 'قرص واحد',
      gummy: 'قطعتان',
      powder: 'مغرفة واحدة',
      liquid: 'قطارة واحدة',
      chewable: 'قرص واحد',
    },
    facts: 'حقائق المكمل الغذائي',
    size: 'الحصة:',
    amount: 'الكمية في الحصة',
  },
} as const;

/** The ribbed cap/lid: base colour, ribs, shading. */
function cap(r: Rect, fill: string, id: string, rx: number, ribs = true): string {
  return (
    rect(r, `rx="${rx}" fill="${fill}"`) +
    (ribs ? rect(r, `rx="${rx}" fill="url(#${id}r)"`) : '') +
    rect(r, `rx="${rx}" fill="url(#${id}s)"`)
  );
}

function container(form: PackshotForm, color: string, id: string): Container {
  const capColor = darken(color, 0.18);
  const shade = `fill="url(#${id}s)"`;
  switch (form) {
    case 'gummy': {
      const shape = 'M148 284c0-26 12-38 38-40h228c26 2 38 14 38 40v196c0 20-12 32-32 32H180c-20 0-32-12-32-32z';
      // Gummies seen through the jar above the label.
      const tints = [lighten(color, 0.25), '#f29c38', '#e4574a', '#f5c842', lighten(color, 0.5), '#e4574a', '#f29c38'];
      const gummies = tints
        .map(
          (c, i) => `<rect x="${164 + i * 39}" y="${256 + (i % 2) * 8}" width="34" height="36" rx="12" fill="${c}"/>`,
        )
        .join('');
      return {
        body: `<path d="${shape}" fill="#f3f5f4"/>${gummies}<path d="${shape}" fill="#fff" opacity=".35"/>`,
        shape,
        box: { x: 148, y: 244, w: 304, h: 268 },
        label: { x: 148, y: 300, w: 304, h: 184 },
        top:
          rect({ x: 170, y: 236, w: 260, h: 16 }, `fill="#dfe3e2"`) +
          cap({ x: 158, y: 176, w: 284, h: 66 }, capColor, id, 12),
        floorW: 190,
      };
    }
    case 'powder': {
      const shape = 'M132 214h336v274c0 16-12 26-28 26H160c-16 0-28-10-28-26z';
      return {
        body: `<path d="${shape}" fill="#f4f5f5"/>`,
        shape,
        box: { x: 132, y: 214, w: 336, h: 300 },
        label: { x: 132, y: 244, w: 336, h: 240 },
        top:
          cap({ x: 122, y: 150, w: 356, h: 68 }, capColor, id, 14) +
          // Flip-top scoop compartment and its thumb tab.
          cap({ x: 196, y: 130, w: 208, h: 28 }, lighten(capColor, 0.12), id, 12, false) +
          rect({ x: 268, y: 202, w: 64, h: 12 }, `rx="5" fill="${darken(capColor, 0.25)}"`),
        floorW: 215,
      };
    }
    case 'liquid': {
      const shape = 'M200 318c0-36 24-50 64-54h72c40 4 64 18 64 54v168c0 16-10 26-26 26H226c-16 0-26-10-26-26z';
      const bulb = 'M270 196v-74c0-38 60-38 60 0v74z';
      return {
        body: `${rect({ x: 266, y: 240, w: 68, h: 28 }, `fill="#6a3510"`)}<path d="${shape}" fill="#7b3f0e"/>`,
        shape,
        box: { x: 200, y: 264, w: 200, h: 248 },
        label: { x: 200, y: 326, w: 200, h: 168 },
        top: `<path d="${bulb}" fill="#2a2f33"/><path d="${bulb}" ${shade}/>${cap({ x: 250, y: 186, w: 100, h: 74 }, capColor, id, 9)}`,
        floorW: 145,
      };
    }
    default: {
      const shape = 'M178 262c0-36 22-50 58-52h128c36 2 58 16 58 52v222c0 16-12 28-28 28H206c-16 0-28-12-28-28z';
      return {
        body: `${rect({ x: 222, y: 178, w: 156, h: 40 }, `fill="#e4e7e7"`) + rect({ x: 222, y: 178, w: 156, h: 40 }, shade)}<path d="${shape}" fill="#f4f5f5"/>`,
        shape,
        box: { x: 178, y: 210, w: 244, h: 302 },
        label: { x: 178, y: 276, w: 244, h: 198 },
        top:
          cap({ x: 210, y: 112, w: 180, h: 72 }, capColor, id, 10) +
          rect({ x: 206, y: 172, w: 188, h: 14 }, `rx="5" fill="${darken(capColor, 0.15)}"`),
        floorW: 175,
      };
    }
  }
}

function frontLabel(L: Rect, input: PackshotInput, color: string, ar: boolean): string {
  const cx = L.x + L.w / 2;
  const pad = L.w * 0.1;
  const iw = L.w - 2 * pad;
  const bandH = L.h * 0.26;
  const band = color;
  const bandInk = inkOn(band);
  const paper = lighten(color, 0.92);
  const ink = luminance(darken(color, 0.55)) < 0.1 ? darken(color, 0.55) : '#1c2524';
  let out =
    rect(L, `fill="${paper}"`) +
    rect({ ...L, h: bandH }, `fill="${band}"`) +
    rect({ x: L.x, y: L.y + bandH, w: L.w, h: L.h * 0.025 }, `fill="${lighten(color, 0.55)}"`) +
    rect({ x: L.x, y: L.y + L.h * 0.975, w: L.w, h: L.h * 0.025 }, `fill="${band}"`);

  const brand = input.brand.trim().toUpperCase();
  const brandAr = isArabic(brand);
  const spacing = brandAr ? 0 : L.w * 0.006;
  const b = fitOne(brand, iw, bandH * (brandAr ? 0.5 : 0.42), bandH * 0.22, true, spacing);
  out += textEl(
    cx,
    L.y + bandH / 2 + b.size * 0.36,
    b.text,
    b.size,
    `text-anchor="middle" font-weight="800" fill="${bandInk}"${spacing ? ` letter-spacing="${n(spacing)}"` : ''}`,
  );

  const strength = input.strength?.trim() ?? '';
  const pillH = L.h * 0.11;
  const gap = L.h * 0.045;
  const captionSize = L.h * (ar ? 0.06 : 0.048);
  const top = L.y + bandH + L.h * 0.025;
  const bottom = L.y + L.h * 0.975 - captionSize * 2;
  const base = L.h * (ar ? 0.13 : 0.12);
  const roomH = bottom - top - gap - (strength ? pillH + gap : 0);
  const name = fitLines(
    input.name.trim(),
    iw,
    [1, 0.88, 0.77, 0.68, 0.6].map((k) => base * k),
    3,
    true,
    roomH,
    1.18,
  );
  const lineH = name.size * 1.18;
  const nameRtl = isArabic(input.name);
  const blockH = name.lines.length * lineH + (strength ? pillH + gap : 0);
  let y = top + Math.max(gap / 2, (bottom - top - blockH) / 2);
  for (const line of name.lines) {
    out += textEl(
      cx,
      y + name.size * 0.9,
      line,
      name.size,
      `text-anchor="middle" font-weight="700" fill="${ink}"`,
      nameRtl,
    );
    y += lineH;
  }
  if (strength) {
    y += gap;
    const s = fitOne(strength, iw - pillH, pillH * 0.56, pillH * 0.4, true);
    const pw = Math.min(iw, measure(s.text, s.size, true) + pillH * 1.1);
    out += rect({ x: cx - pw / 2, y, w: pw, h: pillH }, `rx="${n(pillH / 2)}" fill="${band}"`);
    out += textEl(
      cx,
      y + pillH / 2 + s.size * 0.36,
      s.text,
      s.size,
      `text-anchor="middle" font-weight="700" fill="${bandInk}"`,
    );
  }
  const words = ar ? WORDS.ar : WORDS.en;
  const caption = ar ? words.plural[input.form] : words.plural[input.form].toUpperCase();
  const cs = ar ? 0 : captionSize * 0.18;
  const c = fitOne(caption, iw, captionSize, captionSize * 0.7, true, cs);
  out += textEl(
    cx,
    L.y + L.h * 0.975 - captionSize * 0.9,
    c.text,
    c.size,
    `text-anchor="middle" font-weight="700" fill="${darken(color, luminance(color) > 0.3 ? 0.5 : 0.1)}" opacity=".8"${cs ? ` letter-spacing="${n(cs)}"` : ''}`,
  );
  return out;
}

function backLabel(L: Rect, input: PackshotInput, color: string, ar: boolean, seed: number): string {
  const words = ar ? WORDS.ar : WORDS.en;
  const ink = '#1c2524';
  const u = L.w / 100; // label units
  const box: Rect = { x: L.x + 8 * u, y: L.y + L.h * 0.1, w: L.w - 16 * u, h: L.h * 0.8 };
  const p = 3 * u;
  const left = box.x + p;
  const right = box.x + box.w - p;
  const iw = box.w - 2 * p;
  // "Start"/"end" of a row in reading order.
  const s = ar ? right : left;
  const e = ar ? left : right;
  const aS = ar ? 'end' : 'start';
  const aE = ar ? 'start' : 'end';
  const back =
    rect(L, `fill="${lighten(color, 0.94)}"`) +
    rect({ ...L, h: L.h * 0.05 }, `fill="${color}"`) +
    rect({ x: L.x, y: L.y + L.h * 0.95, w: L.w, h: L.h * 0.05 }, `fill="${color}"`) +
    rect(box, `fill="#fff" stroke="${ink}" stroke-width="${n(0.7 * u)}"`);

  // Text and rules share the ink colour, the placeholder bars a grey: one group each keeps the file short.
  let out = '';
  let bars = '';
  const h = fitOne(words.facts, iw * 0.94, box.h * 0.13, 4, true);
  let y = box.y + p + h.size * 0.85;
  out += textEl(s, y, h.text, h.size, `text-anchor="${aS}" font-weight="800"`);
  const small = Math.min(box.h * 0.055, iw / 24) * (ar ? 1.15 : 1);
  y += small * 1.6;
  out += textEl(s, y, `${words.size} ${words.serving[input.form]}`, small, `text-anchor="${aS}"`);
  y += small * 0.7;
  out += rect({ x: left, y, w: iw, h: 2.2 * u }, '');
  y += 2.2 * u + small * 1.3;
  out += textEl(e, y, words.amount, small * 0.9, `text-anchor="${aE}" font-weight="700"`);

  const bottom = box.y + box.h - p - small * 2.6;
  const rowH = (bottom - y) / 4;
  const rowSize = small * 1.05;
  const strength = ellipsize(clip(input.strength ?? '', 60), iw * 0.45, rowSize, true);
  const sw = strength ? measure(strength, rowSize, true) : 0;
  const rule = (ry: number) => rect({ x: left, y: ry, w: iw, h: 0.35 * u }, '');
  y += small * 0.5;
  out += rule(y);
  const nm = ellipsize(clip(input.name, 300), iw - sw - 7 * u, rowSize, true);
  out += textEl(s, y + rowH * 0.62, nm, rowSize, `text-anchor="${aS}" font-weight="700"`);
  if (strength) out += textEl(e, y + rowH * 0.62, strength, rowSize, `text-anchor="${aE}" font-weight="700"`);
  // Three more ingredient rows as grey text bars of hash-derived lengths.
  const barR = `rx="${n(small * 0.2)}"`;
  for (let i = 1; i < 4; i++) {
    const ry = y + rowH * i;
    out += rule(ry);
    const w1 = iw * (0.3 + ((seed >> (i * 4)) & 15) / 50);
    const w2 = iw * (0.1 + ((seed >> (i * 4 + 2)) & 7) / 80);
    const by = ry + rowH * 0.38;
    bars += rect({ x: ar ? right - w1 : left, y: by, w: w1, h: small * 0.7 }, barR);
    bars += rect({ x: ar ? left : right - w2, y: by, w: w2, h: small * 0.7 }, barR);
  }
  y += rowH * 4;
  out += rect({ x: left, y, w: iw, h: 1.4 * u }, '');
  for (let i = 0; i < 2; i++) {
    const fw = iw * (i ? 0.55 : 0.92);
    bars += rect({ x: ar ? right - fw : left, y: y + small * (0.8 + i * 0.9), w: fw, h: small * 0.45 }, barR);
  }
  return `${back}<g fill="${ink}">${out}</g><g fill="#c3c9c8">${bars}</g>`;
}

/** A 600×600 studio-style product image: the container that suits the form, labelled with brand and name. */
export function packshotSvg(input: PackshotInput): string {
  const color = toHex(rgb(input.color));
  const variant = input.variant === 2 ? 2 : 1;
  const seed = hash(JSON.stringify([input.brand, input.name, input.strength ?? '', input.form, color, variant]));
  const id = `p${seed.toString(36)}`;
  const ar = isArabic(input.name) || isArabic(input.brand);
  const c = container(input.form, color, id);
  const L = c.label;
  const bg = lighten(color, 0.95);

  const defs =
    `<defs>` +
    `<linearGradient id="${id}b" x2="0" y2="1"><stop offset="0" stop-color="#fbfcfb"/><stop offset=".6" stop-color="${bg}"/><stop offset="1" stop-color="${darken(bg, 0.09)}"/></linearGradient>` +
    `<radialGradient id="${id}g" cy=".42" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".9"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}f"><stop offset="0" stop-color="#1b2422" stop-opacity=".4"/><stop offset=".55" stop-color="#1b2422" stop-opacity=".12"/><stop offset="1" stop-color="#1b2422" stop-opacity="0"/></radialGradient>` +
    // Cylinder shading laid over any part (bounding-box units): dark rims, a soft light band left of centre.
    `<linearGradient id="${id}s"><stop offset="0" stop-opacity=".32"/><stop offset=".1" stop-opacity=".1"/><stop offset=".26" stop-color="#fff" stop-opacity=".4"/><stop offset=".42" stop-color="#fff" stop-opacity=".05"/><stop offset=".72" stop-opacity="0"/><stop offset=".9" stop-opacity=".14"/><stop offset="1" stop-opacity=".36"/></linearGradient>` +
    `<linearGradient id="${id}h" x2="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset=".2" stop-color="#fff" stop-opacity=".7"/><stop offset=".8" stop-color="#fff" stop-opacity=".55"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>` +
    `<pattern id="${id}r" width="7" height="8" patternUnits="userSpaceOnUse"><rect width="3" height="8" fill="#000" opacity=".13"/></pattern>` +
    `</defs>`;

  const shapeBox = c.box;
  const hl = rect(
    { x: shapeBox.x + shapeBox.w * 0.17, y: shapeBox.y + 14, w: shapeBox.w * 0.055, h: shapeBox.h - 34 },
    `rx="${n(shapeBox.w * 0.027)}" fill="url(#${id}h)" opacity="${variant === 2 ? '.3' : input.form === 'liquid' ? '.55' : '.65'}"`,
  );
  const art =
    `<ellipse cx="300" cy="512" rx="${c.floorW}" ry="26" fill="url(#${id}f)"/>` +
    `<ellipse cx="300" cy="510" rx="${c.floorW - 30}" ry="8" fill="#1b2422" opacity=".22"/>` +
    c.body +
    (variant === 2 ? backLabel(L, input, color, ar, seed) : frontLabel(L, input, color, ar)) +
    `<path d="${c.shape}" fill="url(#${id}s)"/>` +
    hl +
    c.top;

  // Close-up: scale the whole container about its label so the label fills most of the frame.
  const s = 470 / L.w;
  const placed =
    variant === 2
      ? `<g transform="translate(${n(300 - (L.x + L.w / 2) * s)} ${n(300 - (L.y + L.h / 2) * s)}) scale(${Math.round(s * 1000) / 1000})">${art}</g>`
      : `<g transform="matrix(1.1 0 0 1.1 -30 -51.2)">${art}</g>`;

  return (
    svgOpen(600, 600, `${input.brand} ${input.name}${input.strength ? ` ${input.strength}` : ''}`) +
    defs +
    `<rect width="600" height="600" fill="url(#${id}b)"/>` +
    `<ellipse cx="300" cy="300" rx="300" ry="280" fill="url(#${id}g)"/>` +
    placed +
    `</svg>`
  );
}
