// Placeholder artwork for the catalogue, drawn as standalone SVG documents: product packshots, nutritionist
// avatars and promotional banners. Pure string functions: no fonts, images or URLs from outside, no
// platform APIs, and the same input always gives the same bytes (ids are derived from a hash of the input,
// so several of these documents can even be inlined into one page without their gradients colliding).

export type PackshotForm = 'capsule' | 'softgel' | 'tablet' | 'gummy' | 'powder' | 'liquid' | 'chewable';

export interface PackshotInput {
  brand: string;
  name: string;
  strength?: string;
  form: PackshotForm;
  /** Brand colour, `#rrggbb` or `#rgb`; anything else falls back to the house green. */
  color: string;
  /** 1 (default): the whole container; 2: a close-up of the back label with a "Supplement Facts" panel. */
  variant?: 1 | 2;
}

export interface AvatarInput {
  name: string;
  color: string;
  /** A face of its own: skin tone, and hair short, long or under a headscarf. Without it, the tinted house look. */
  look?: { skin: number; hair: 'short' | 'long' | 'scarf' };
}

export interface BannerInput {
  title: string;
  subtitle: string;
  color: string;
  accent?: string;
  dir?: 'ltr' | 'rtl';
}

export { escapeXml, SVG_FONT_STACK } from './art/text';
export { darken, lighten } from './art/colour';
export { packshotSvg } from './art/packshot';
export { avatarSvg, SKIN_TONES } from './art/avatar';
export { bannerSvg } from './art/banner';
