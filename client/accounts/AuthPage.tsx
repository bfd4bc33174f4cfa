// The frame of every /auth/* page: its title, noindex where the URL carries a mailed token, the column.
import '../styles/account.css';
import type { ReactNode } from 'react';
import type { MessageId } from '#shared/i18n';
import { useI18n } from '../i18n/context';
import { Page } from '../ui/Page';

export function AuthPage({
  title,
  noindex = false,
  children,
}: {
  title: MessageId;
  noindex?: boolean;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Page title={t(title)} seo={{ noindex }}>
      <div className="auth-page">{children}</div>
    </Page>
  );
}
