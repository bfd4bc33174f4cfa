// What each drawing takes. Its own module: svg.ts gathers the drawings and re-exports these, and the
// drawings import them from here, never from svg.ts.

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
