// Translates a template whose parameters are React nodes, e.g. a price wrapped in <bdi>.
import { Fragment, type ReactNode } from 'react';
import type { MessageId } from '../../shared/i18n';
import { useI18n } from './context';

export function T({ k, values }: { k: MessageId; values: Record<string, ReactNode> }) {
  const { raw } = useI18n();
  const parts = raw(k).split(/\{\{\s*(\w+)\s*\}\}/);
  return (
    <>
      {parts.map((part, i) => (i % 2 === 1 ? <Fragment key={i}>{values[part] ?? ''}</Fragment> : part))}
    </>
  );
}
