import type { StaffTranslator, StaffTextId } from '../lib/i18n';
import type { StaffSelf } from '../lib/api';
import { Layout } from './Layout';

/** A page that only says something: not allowed for the role, nothing here, or a failure. */
export function MessagePage(props: {
  t: StaffTranslator;
  nonce: string;
  me?: StaffSelf;
  title: StaffTextId;
  body: string;
}) {
  const { t } = props;
  return (
    <Layout t={t} nonce={props.nonce} me={props.me} title={t.t(props.title)}>
      <h1>{t.t(props.title)}</h1>
      <p>{props.body}</p>
      {props.me && (
        <p>
          <a href="/">{t.t('st_back_to_dashboard')}</a>
        </p>
      )}
    </Layout>
  );
}
