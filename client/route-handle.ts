import { useMatches } from 'react-router';
import type { PageId } from '../shared/routes';

export interface PageHandle {
  page: PageId;
  /** Source module of the page, for the server to preload its chunk. */
  module: string;
}

export function usePageHandle(): PageHandle {
  const matches = useMatches();
  return matches[matches.length - 1]!.handle as PageHandle;
}
