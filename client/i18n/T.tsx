// Translates a template whose parameters are React nodes, e.g. a price wrapped in <bdi>. For a counted
// entry, `count` picks the plural form (the number itself is then one of the values).
import { Fragment, type ReactNode } from 'react';
import type { MessageId } from '#shared/i18n';
import { useI18n } from './context';

export function T({ k, values, count }: { k: MessageId; values: Record<string, ReactNode>; count?: number }) {
  const { raw } = useI18n();
  const parts = raw(k, count).split(/\{\{\s*(\w+)\s*\}\}/);
  return <>{parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? ''}</Fragment> : part))}</>;
}
