// A nutritionist's avatar: head and shoulders with the initials in a badge.
import type { AvatarInput } from './inputs';
import { darken, inkOn, lighten, rgb, toHex } from './colour';
import { fitOne, hash, isArabic, svgOpen, textEl } from './text';

/** Skin tones a portrait can have, light to deep. */
export const SKIN_TONES = ['#f3cfb3', '#e0ac85', '#c68c63', '#9a6444', '#6f4630'] as const;

const PREFIXES = /^(dr|doctor|prof|professor|mr|mrs|ms|miss|د|الدكتور|الدكتورة|دكتور|دكتورة|أ|م|السيد|السيدة)\.?$/i;

function initials(name: string): string {
  const words = name
    .replace(/[.\u060c,]/g, (m) => (m === '.' ? '. ' : ' '))
    .trim()
    .split(/\s+/)
    .filter((w) => /[\p{L}\p{N}]/u.test(w));
  // Titles only count as such in front of the name ("Dr. Sarah", "د. سارة").
  while (words.length > 1 && PREFIXES.test(words[0] ?? '')) words.shift();
  const first = (w: string | undefined) => {
    if (!w) return '';
    // Family names: skip the article (الأحمد → أ, Al-Mansoori → M).
    const core =
      /^ال./.test(w) && Array.from(w).length > 3 ? w.slice(2) : w.replace(/^(al|el)[-\u2010‑'’]+(?=\p{L})/iu, '');
    return Array.from(core.replace(/^[^\p{L}\p{N}]+/u, ''))[0] ?? '';
  };
  const a = first(words[0]);
  const b = words.length > 1 ? first(words[words.length - 1]) : '';
  // Arabic letters are spaced so they keep their isolated forms and read as initials.
  return isArabic(a + b) ? [a, b].filter(Boolean).join(' ') : (a + b).toUpperCase();
}

/** A 400×400 head-and-shoulders avatar for a nutritionist, with the initials in a badge. */
export function avatarSvg(input: AvatarInput): string {
  const color = toHex(rgb(input.color));
  const id = `a${hash(JSON.stringify([input.name, color])).toString(36)}`;
  const ini = initials(input.name) || '•';
  const skin = input.look ? SKIN_TONES[Math.abs(Math.trunc(input.look.skin)) % SKIN_TONES.length]! : null;
  const tone = skin ?? lighten(color, 0.42);
  const toneDark = skin ? darken(skin, 0.12) : lighten(color, 0.3);
  const hair = input.look?.hair === 'scarf' ? darken(color, 0.15) : darken(color, 0.4);
  const style = input.look?.hair ?? 'short';
  const badgeInk = inkOn(color);
  // Isolated Arabic letters are about twice as wide as the joined ones the estimate assumes.
  const badge = isArabic(ini)
    ? { text: ini, size: 34 }
    : fitOne(ini, 84, Array.from(ini).length > 1 ? 46 : 54, 20, true);
  return (
    svgOpen(400, 400, input.name) +
    `<defs>` +
    `<linearGradient id="${id}b" x2=".6" y2="1"><stop offset="0" stop-color="${lighten(color, 0.86)}"/><stop offset="1" stop-color="${lighten(color, 0.66)}"/></linearGradient>` +
    `<linearGradient id="${id}c" x2="0" y2="1"><stop offset="0" stop-color="#fff"/><stop offset="1" stop-color="#e3e8e7"/></linearGradient>` +
    `<linearGradient id="${id}k" x2="0" y2="1"><stop offset="0" stop-color="${tone}"/><stop offset="1" stop-color="${toneDark}"/></linearGradient>` +
    `</defs>` +
    `<rect width="400" height="400" fill="url(#${id}b)"/>` +
    `<circle cx="200" cy="176" r="132" fill="#fff" opacity=".35"/>` +
    `<circle cx="346" cy="58" r="26" fill="#fff" opacity=".3"/><circle cx="52" cy="312" r="16" fill="#fff" opacity=".3"/>` +
    // Hair behind, neck, ears, head, then the fringe.
    (style === 'long' ? `<path d="M124 176c-10-76 30-104 76-104s86 28 76 104l10 110h-172z" fill="${hair}"/>` : '') +
    (style === 'scarf'
      ? `<path d="M116 190c-6-86 36-120 84-120s90 34 84 120l16 104h-200z" fill="${hair}"/>`
      : `<path d="M128 178c-8-72 30-100 72-100s80 28 72 100z" fill="${hair}"/>`) +
    `<path d="M180 222h40v58c0 12-40 12-40 0z" fill="${toneDark}"/>` +
    `<ellipse cx="137" cy="176" rx="10" ry="16" fill="${toneDark}"/><ellipse cx="263" cy="176" rx="10" ry="16" fill="${toneDark}"/>` +
    `<ellipse cx="200" cy="168" rx="63" ry="76" fill="url(#${id}k)"/>` +
    (style === 'scarf'
      ? `<path d="M130 170c0-56 30-84 70-84s70 28 70 84c-18-34-42-48-70-48s-52 14-70 48z" fill="${hair}"/>`
      : `<path d="M136 162c0-50 28-76 66-76 38 0 64 26 62 76-14-28-34-42-58-44-22 10-50 20-70 44z" fill="${hair}"/>`) +
    // Eyes and a smile: a face, not a silhouette.
    (input.look
      ? `<circle cx="176" cy="172" r="6" fill="#2b2b2b"/><circle cx="224" cy="172" r="6" fill="#2b2b2b"/><path d="M180 206q20 16 40 0" stroke="#7a3b2e" stroke-width="5" fill="none" stroke-linecap="round"/>`
      : '') +
    // Scrubs under a white coat with lapels.
    `<path d="M40 400c4-70 44-104 110-116l50 56 50-56c66 12 106 46 110 116z" fill="url(#${id}c)"/>` +
    `<path d="M160 282l40 58 40-58-16-4-24 30-24-30z" fill="${color}"/>` +
    `<path d="M150 284l-22 20 26 16-18 12 50 68h14l-10-60zM250 284l22 20-26 16 18 12-50 68h-14l10-60z" fill="#f6f8f8" stroke="#cfd8d6" stroke-width="2" stroke-linejoin="round"/>` +
    `<path d="M292 312v40" stroke="#cfd8d6" stroke-width="3" stroke-linecap="round"/>` +
    // Initials badge.
    `<circle cx="316" cy="316" r="60" fill="${color}" stroke="#fff" stroke-width="7"/>` +
    textEl(
      316,
      316 + badge.size * 0.36,
      badge.text,
      badge.size,
      `text-anchor="middle" font-weight="800" fill="${badgeInk}"`,
    ) +
    `</svg>`
  );
}
