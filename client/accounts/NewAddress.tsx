// "New address" on a shipping step (shop orders and blood-test bookings): the button, or the form that
// keeps its draft. Once saved, the caller chooses the new address and reads its list again, the form
// closes and the step's heading comes back into view.
import type { RefObject } from 'react';
import type { CountryCode } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { reveal } from '../ui/form';
import { AddressForm } from './AddressForm';
import { clearDraft } from './form-drafts';

export function NewAddress(props: {
  adding: boolean;
  onAdding: (adding: boolean) => void;
  country: CountryCode;
  recipient: string;
  phone?: string | null;
  draftKey: string;
  /** The saved address's id: choose it, and read the list again. */
  onSaved: (id: number) => void;
  /** She has saved addresses: the form may be closed without one. */
  canCancel: boolean;
  heading: RefObject<HTMLElement | null>;
}) {
  const { t } = useI18n();
  if (!props.adding)
    return (
      <p>
        <button type="button" className="button button-secondary" onClick={() => props.onAdding(true)}>
          {t('checkout_new_address')}
        </button>
      </p>
    );
  return (
    <AddressForm
      country={props.country}
      fixedCountry
      recipient={props.recipient}
      phone={props.phone}
      draftKey={props.draftKey}
      onSaved={(id) => {
        clearDraft(props.draftKey);
        props.onSaved(id);
        props.onAdding(false);
        requestAnimationFrame(() => reveal(props.heading.current));
      }}
      onCancel={props.canCancel ? () => props.onAdding(false) : undefined}
    />
  );
}
