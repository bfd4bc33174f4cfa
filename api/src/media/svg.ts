// Placeholder artwork for the catalogue, drawn as standalone SVG documents: product packshots, nutritionist
// avatars and promotional banners. Pure string functions: no fonts, images or URLs from outside, no
// platform APIs, and the same input always gives the same bytes (ids are derived from a hash of the input,
// so several of these documents can even be inlined into one page without their gradients colliding).

export type { AvatarInput, PackshotForm, PackshotInput } from './art/inputs';
export { escapeXml, SVG_FONT_STACK } from './art/text';
export { darken, lighten } from './art/colour';
export { packshotSvg } from './art/packshot';
export { avatarSvg, SKIN_TONES } from './art/avatar';
export { bannerSvg } from './art/banner';
