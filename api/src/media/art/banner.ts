// A promotional banner: gradient, decoration, text at the inline start and pills at the end.
import type { BannerInput } from './inputs';
import { DEFAULT_ACCENT, darken, inkOn, lighten, rgb, toHex } from './colour';
import { fitLines, hash, isArabic, n, rect, svgOpen, textEl } from './text';

function capsule(x: number, y: number, len: number, thick: number, angle: number, a: string, b: string): string {
  const r = thick / 2;
  const half = len / 2;
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    `<rect x="${n(-half + 6)}" y="${n(-r + 10)}" width="${len}" height="${thick}" rx="${n(r)}" fill="#000" opacity=".16"/>` +
    `<rect x="${n(-half)}" y="${n(-r)}" width="${len}" height="${thick}" rx="${n(r)}" fill="${a}"/>` +
    `<path d="M0 ${n(-r)}h${n(half - r)}a${n(r)} ${n(r)} 0 0 1 0 ${thick}H0z" fill="${b}"/>` +
    `<rect x="${n(-half + r * 0.6)}" y="${n(-r * 0.62)}" width="${n(len - r * 1.2)}" height="${n(thick * 0.18)}" rx="${n(thick * 0.09)}" fill="#fff" opacity=".5"/>` +
    `</g>`
  );
}

/** A 1200×400 promotional banner: gradient, decoration, text at the inline start and pills at the end. */
export function bannerSvg(input: BannerInput): string {
  const color = toHex(rgb(input.color));
  const accent = toHex(rgb(input.accent ?? DEFAULT_ACCENT, DEFAULT_ACCENT));
  const rtl = input.dir === 'rtl';
  const id = `b${hash(JSON.stringify([input.title, input.subtitle, color, accent, rtl])).toString(36)}`;
  const ink = inkOn(darken(color, 0.15));
  const maxW = 640;
  const tx = rtl ? 1120 : 80;
  const anchor = rtl ? 'end' : 'start';
  // Pills live at the inline end: the right for ltr, mirrored to the left for rtl.
  const px = (x: number) => (rtl ? 1200 - x : x);

  const title = fitLines(input.title.trim(), maxW, [62, 54, 46], 2, true);
  const sub = fitLines(input.subtitle.trim(), maxW, [28, 24], 2);
  const titleLH = title.size * 1.14;
  const subLH = sub.size * 1.35;
  const blockH = 30 + title.lines.length * titleLH + 14 + sub.lines.length * subLH;
  let y = Math.max(40, (400 - blockH) / 2);

  let text = rect({ x: rtl ? tx - 72 : tx, y, w: 72, h: 7 }, `rx="3.5" fill="${accent}"`);
  y += 30;
  for (const line of title.lines) {
    text += textEl(
      tx,
      y + title.size * 0.86,
      line,
      title.size,
      `text-anchor="${anchor}" font-weight="800" fill="${ink}"`,
      rtl || isArabic(input.title),
    );
    y += titleLH;
  }
  y += 14;
  for (const line of sub.lines) {
    text += textEl(
      tx,
      y + sub.size * 0.9,
      line,
      sub.size,
      `text-anchor="${anchor}" fill="${ink}" opacity=".88"`,
      rtl || isArabic(input.subtitle),
    );
    y += subLH;
  }

  const softgel = (x: number, yy: number, rx: number, ry: number, a: number) =>
    `<g transform="translate(${x} ${yy}) rotate(${a})"><ellipse cx="5" cy="9" rx="${rx}" ry="${ry}" fill="#000" opacity=".16"/><ellipse rx="${rx}" ry="${ry}" fill="url(#${id}s)"/><ellipse cx="${n(-rx * 0.3)}" cy="${n(-ry * 0.4)}" rx="${n(rx * 0.4)}" ry="${n(ry * 0.18)}" fill="#fff" opacity=".55"/></g>`;
  const tablet = (x: number, yy: number, r: number) =>
    `<circle cx="${x + 5}" cy="${yy + 9}" r="${r}" fill="#000" opacity=".16"/><circle cx="${x}" cy="${yy}" r="${r}" fill="#fdfdfb"/><circle cx="${x}" cy="${yy}" r="${r - 6}" fill="none" stroke="#e4e6e1" stroke-width="3"/><path d="M${x - r + 12} ${yy}h${2 * r - 24}" stroke="#d9dcd6" stroke-width="4" stroke-linecap="round"/>`;

  const pills =
    `<circle cx="${px(960)}" cy="205" r="150" fill="#fff" opacity=".1"/>` +
    `<circle cx="${px(960)}" cy="205" r="112" fill="#fff" opacity=".08"/>` +
    capsule(px(900), 150, 170, 62, rtl ? 28 : -28, '#ffffff', accent) +
    capsule(px(1060), 262, 130, 48, rtl ? -52 : 52, lighten(color, 0.75), '#ffffff') +
    softgel(px(1050), 122, 52, 30, rtl ? -24 : 24) +
    softgel(px(880), 290, 40, 23, rtl ? 38 : -38) +
    tablet(px(975), 330, 34) +
    tablet(px(790), 92, 22);

  return (
    svgOpen(1200, 400, `${input.title} ${input.subtitle}`) +
    `<defs>` +
    `<linearGradient id="${id}g" x2="1" y2="1"><stop offset="0" stop-color="${lighten(color, 0.08)}"/><stop offset="1" stop-color="${darken(color, 0.38)}"/></linearGradient>` +
    `<radialGradient id="${id}s" cx=".38" cy=".35" r=".7"><stop offset="0" stop-color="${lighten(accent, 0.45)}"/><stop offset="1" stop-color="${darken(accent, 0.12)}"/></radialGradient>` +
    `</defs>` +
    `<rect width="1200" height="400" fill="url(#${id}g)"/>` +
    `<circle cx="${px(1130)}" cy="-40" r="230" fill="#fff" opacity=".07"/>` +
    `<circle cx="${px(700)}" cy="440" r="140" fill="#fff" opacity=".05"/>` +
    `<circle cx="${px(60)}" cy="360" r="90" fill="#000" opacity=".06"/>` +
    pills +
    text +
    `</svg>`
  );
}
