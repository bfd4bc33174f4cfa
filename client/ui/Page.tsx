// Page frame pieces: title (hoisted into <head> by React), breadcrumbs, heading and empty state.
import type { ReactNode } from 'react';
import type { BreadcrumbList, WithContext } from 'schema-dts';
import { Link } from 'react-router';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { useBoot, useHref } from '../lib/locale';
import { Seo, type SeoProps } from './Seo';

export interface Crumb {
  label: string;
  to?: string;
}

export function Page({
  title,
  crumbs,
  children,
  description,
  seo,
}: {
  title: string;
  crumbs?: Crumb[];
  description?: string;
  children?: ReactNode;
  seo?: Omit<SeoProps, 'title' | 'description'>;
}) {
  const { t } = useI18n();
  const href = useHref();
  const { origin } = useBoot();
  const trail: Crumb[] = [{ label: t('page_home'), to: href('/') }, ...(crumbs ?? []), { label: title }];
  const breadcrumbLd = (): WithContext<BreadcrumbList> => ({
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((c, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: c.label,
      ...(c.to ? { item: `${origin}${c.to}` } : {}),
    })),
  });
  return (
    <>
      <Seo
        title={title}
        description={description}
        {...seo}
        jsonLd={import.meta.env.SSR ? [breadcrumbLd(), ...(seo?.jsonLd ?? [])] : []}
      />
      <nav aria-label={t('breadcrumbs_label')} className="breadcrumbs">
        <ol>
          {trail.map((c, i) =>
            c.to && i < trail.length - 1 ? (
              <li key={i}>
                <Link to={c.to}>{c.label}</Link>
              </li>
            ) : (
              <li key={i} aria-current="page">
                {c.label}
              </li>
            ),
          )}
        </ol>
      </nav>
      <h1 className="page-title">{title}</h1>
      {children}
    </>
  );
}

export function EmptyState({ message, action }: { message: MessageId; action?: { label: MessageId; to: string } }) {
  const { t } = useI18n();
  const href = useHref();
  return (
    <div className="empty-state">
      <p>{t(message)}</p>
      {action && (
        <Link className="button" to={href(action.to)}>
          {t(action.label)}
        </Link>
      )}
    </div>
  );
}
