// The shopper's saved addresses as one radio group: the product checkout's delivery address and the
// blood-test checkout's collection address.
import type { Address } from '#shared/api/account-schemas';
import { useI18n } from '#client/i18n/context';
import { addressLines } from './address-lines';

export function SavedAddressChoice({
  addresses,
  selected,
  onSelect,
  name,
  legend,
  testId,
}: {
  addresses: readonly Address[];
  selected: number | null | undefined;
  onSelect: (id: number) => void;
  /** The radio group's name, unique on the page. */
  name: string;
  legend: string;
  testId: string;
}) {
  const { t } = useI18n();
  if (!addresses.length) return null;
  return (
    <fieldset className="choice-list">
      <legend className="visually-hidden">{legend}</legend>
      {addresses.map((a) => (
        <label key={a.id} className="choice" data-testid={testId}>
          <input type="radio" name={name} checked={selected === a.id} onChange={() => onSelect(a.id)} />
          <span>
            <strong>{a.label || a.recipient}</strong>
            <span className="choice-detail">{addressLines(a, t).join(' · ')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
