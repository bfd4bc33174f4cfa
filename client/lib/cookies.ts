// Readable, non-sensitive cookies only (language, country, user display data).
const YEAR_S = 365 * 24 * 60 * 60;

export function setCookie(name: string, value: string, maxAgeS = YEAR_S): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=${maxAgeS}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Safari and Firefox
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax`;
}
