// The information pages' ids and the shape of their texts, apart from the loader in index.tsx: each
// language's texts are checked against these types, and the loader imports those texts on demand, so
// with the types in index.tsx the texts and their loader would import each other.
import type { CountryCode } from '#shared/countries';
import type { PageId } from '#shared/page-paths';

export const CONTENT_PAGE_IDS = [
  'our-story',
  'terms',
  'privacy-policy',
  'return-policy',
  'disclaimer',
  'contact-us',
  'become-a-supplier',
] as const satisfies readonly PageId[];
export type ContentPageId = (typeof CONTENT_PAGE_IDS)[number];

export interface ContentSection {
  /** The heading's id, so a section can be linked as /terms#delivery (same in both languages). */
  readonly id: string;
  readonly heading: string;
  readonly paragraphs: readonly string[];
  /** A bullet list shown after the paragraphs. */
  readonly items?: readonly string[];
}

export interface PageContent {
  readonly title: string;
  readonly intro: string;
  readonly sections: readonly ContentSection[];
}

/** A country's law on personal data in the page's language (the country module's `legal` aspect). */
export interface DataProtectionLaw {
  readonly country: CountryCode;
  readonly law: string;
  readonly regulator: string;
  readonly url: string;
}

/** A country's emergency numbers (the country module's `legal` aspect), for the disclaimer. */
export interface EmergencyNumbers {
  readonly country: CountryCode;
  readonly general: string;
  readonly ambulance: string;
}

/**
 * What an information page's loader answers: its texts, for the privacy policy every country's law, and
 * for the disclaimer every country's emergency numbers.
 */
export interface LoadedContent extends PageContent {
  readonly laws?: readonly DataProtectionLaw[];
  readonly emergency?: readonly EmergencyNumbers[];
}

/** The shape a translation must have: every text a string; ids, pages and counts as in English. */
export type Translation<T> = T extends string
  ? string
  : { readonly [K in keyof T]: K extends 'id' ? T[K] : Translation<T[K]> };
