import type { Lang } from '#shared/locale';

/** Column suffix for the request's language; only ever 'en' or 'ar', so it is safe in SQL text. */
export function col(name: string, lang: Lang): string {
  return `${name}_${lang === 'ar' ? 'ar' : 'en'}`;
}

export function mediaUrl(key: string): string {
  return `/media/${key}`;
}
