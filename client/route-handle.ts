import { useMatches } from 'react-router';
import type { TextArea } from '#shared/i18n/areas';

export interface PageHandle {
  /** The page's id (client/page-table.ts). */
  page: string;
  /** Source module of the page, for the server to preload its chunk. */
  module: string;
  /** Another chunk to preload with it: the one that names the page's chunk (the booking's pages). */
  via?: string;
  /** Dictionary areas the page shows besides the shell's (decision 18). */
  texts: readonly TextArea[];
}

export function usePageHandle(): PageHandle {
  const matches = useMatches();
  return matches[matches.length - 1]!.handle as PageHandle;
}
