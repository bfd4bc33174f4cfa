// The one way checkout and order pages show a delivery address: recipient, place lines, phone (and a
// guest's e-mail), each part isolated (<bdi>) so Latin input keeps its order on an Arabic page.
import '../styles/account.css';
import { Fragment } from 'react';
import { useI18n } from '../i18n/context';
import { addressLineParts, type AddressShown } from './address-lines';

export function AddressText({
  address,
  email,
  inline = false,
  testId,
}: {
  address: AddressShown;
  email?: string | null;
  inline?: boolean;
  testId?: string;
}) {
  const { t } = useI18n();
  const sep = t('list_separator');
  const lines = addressLineParts(address, t);
  const items = [
    <bdi key="recipient">{address.recipient}</bdi>,
    ...lines.map((line, i) => (
      <span key={`line-${i}`}>
        {line.map((part, j) => (
          <Fragment key={j}>
            {j > 0 && sep}
            <bdi>{part}</bdi>
          </Fragment>
        ))}
      </span>
    )),
    ...(address.phone
      ? [
          <bdi key="phone" dir="ltr">
            {address.phone}
          </bdi>,
        ]
      : []),
    ...(email
      ? [
          <bdi key="email" dir="ltr">
            {email}
          </bdi>,
        ]
      : []),
  ];
  if (!inline) {
    return (
      <address className="order-address" data-testid={testId}>
        {items}
      </address>
    );
  }
  return (
    <p className="choice-detail" data-testid={testId}>
      {items.map((item, i) => (
        <Fragment key={i}>
          {i > 0 && ' · '}
          {item}
        </Fragment>
      ))}
    </p>
  );
}
