// /checkout/shipping: the address (a saved one, a new one, or a guest's e-mail and typed address) and
// the delivery note.
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { AddressForm } from '#client/accounts/AddressForm';
import { NewAddress } from '#client/accounts/NewAddress';
import { SavedAddressChoice } from '#client/accounts/SavedAddressChoice';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { openAuthModal } from '#client/stores/auth-modal';
import { checkout, saveCheckout } from '#client/stores/checkout';
import { useSessionStore } from '#client/stores/session';
import { Page } from '#client/ui/Page';
import { FieldNotes, notesIds, RequiredMark } from '#client/ui/form';
import { fieldMessage } from '#client/ui/field-message';
import {
  Steps,
  useCartOrBack,
  useCheckoutState,
  usePendingOrderReturn,
  GUEST_ADDRESS_DRAFT,
  NEW_ADDRESS_DRAFT,
  DeliveryNote,
} from '#client/orders/checkout-steps';
import { CountryMoveNotice } from '#client/cart/CountryMoveNotice';
import type { GiftInput } from '#shared/api/gift-schemas';
import { zoneOf } from '#client/delivery/SpeedChoice';
import type { PlaceNames } from '#client/accounts/AddressForm';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  texts: ['orders', 'accounts', 'catalogue', 'subscriptions'],
  siteIndex: 'shop',
} satisfies PageDeclaration;

// The recipient form loads when the switch is first turned on (decision 34): most orders are not gifts.
const GiftForm = lazy(() => import('#client/orders/GiftForm').then((m) => ({ default: m.GiftForm })));

/** "Send as a gift": a switch that reveals the recipient form instead of the shopper's own address. */
function GiftSwitch({ on }: { on: boolean }) {
  const { t } = useI18n();
  return (
    <>
      <p className="checkbox gift-switch">
        <input
          id="gift-on"
          type="checkbox"
          role="switch"
          aria-checked={on}
          checked={on}
          aria-describedby="gift-on-hint"
          data-testid="gift-switch"
          onChange={(e) => {
            checkout.giftOn = e.target.checked;
            saveCheckout();
          }}
        />
        <label htmlFor="gift-on">{t('gift_switch')}</label>
      </p>
      <p id="gift-on-hint" className="field-hint">
        {t('gift_switch_hint')}
      </p>
    </>
  );
}

export function Component() {
  const { t, tKey, has } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const session = useSessionStore();
  const { user, country } = useSnapshot(session);
  const restored = useCheckoutState();
  usePendingOrderReturn();
  const hasCart = useCartOrBack();
  const ready = restored && hasCart;
  const state = useSnapshot(checkout);
  const { data, mutate } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const addresses = (data?.items ?? []).filter((a) => a.country === country);
  const [adding, setAdding] = useState(false);
  const addressHeading = useRef<HTMLHeadingElement>(null);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  // A signed-in shopper starts with the default address of this country.
  useEffect(() => {
    if (!user || !data) return;
    const here = data.items.filter((a) => a.country === country);
    if (!here.some((a) => a.id === checkout.addressId))
      checkout.addressId = here.find((a) => a.is_default)?.id ?? here[0]?.id ?? null;
    if (!here.length) setAdding(true);
  }, [user, data, country]);
  // The checkout store is restored from storage when ready turns true: its e-mail is copied once then.
  // biome-ignore lint/correctness/useExhaustiveDependencies: ready is the trigger; the store is read at that moment
  useEffect(() => setEmail(checkout.email), [ready]);

  // The guest e-mail's schema loads with the page, after it is interactive. A submit before it is there
  // (a quick shopper, a slow network) still needs the e-mail: that one rule is checked without it, and
  // the API checks the whole rule on submit.
  const [emailSchema, setEmailSchema] = useState<{
    safeParse(v: { email: string }): { error?: { issues: Array<{ message: string }> } };
  } | null>(null);
  useEffect(() => {
    void import('#shared/api/order-schemas').then((m) => setEmailSchema(m.guestEmailSchema));
  }, []);
  /** Checks the guest's e-mail with the shared schema, shows its problem; true when there is one. */
  const checkEmail = (value: string): boolean => {
    const issue = emailSchema
      ? emailSchema.safeParse({ email: value }).error?.issues[0]
      : value.trim() === ''
        ? { message: 'mandatory-field' }
        : undefined;
    setEmailError(
      issue
        ? fieldMessage({ t, tKey, has }, { label: 'account_email_label', noun: 'account_email_noun' }, issue.message)
        : null,
    );
    return !!issue;
  };

  const go = () => {
    saveCheckout();
    // A guest who gave her e-mail: her cart is kept for its reminders from now on (issue 64). The
    // keeper (cart/CartKeeper.tsx, mounted on every page) hears it: no module of its is loaded here.
    if (!user && checkout.email) dispatchEvent(new Event('shop:keep-cart'));
    navigate(href('/checkout/order'));
  };
  const keepGift = (gift: GiftInput, places: PlaceNames) => {
    checkout.gift = gift;
    checkout.giftPlaces = places;
    go();
  };
  const giftOn = !!state.giftOn;
  const giftTitle = <h3 id="checkout-gift-title">{t('gift_recipient_title')}</h3>;

  return (
    <Page title={t('page_checkout_shipping')} crumbs={[{ label: t('page_cart'), to: href('/cart') }]}>
      <Steps current="shipping" />
      <CountryMoveNotice />
      {!ready ? (
        <p role="status">{t('loading')}</p>
      ) : user ? (
        <section className="form-card" aria-labelledby="checkout-address-title">
          <h2 id="checkout-address-title" ref={addressHeading} tabIndex={-1}>
            {t('checkout_address_title')}
          </h2>
          <GiftSwitch on={giftOn} />
          {giftOn ? (
            <>
              {giftTitle}
              <Suspense fallback={<p role="status">{t('loading')}</p>}>
                <GiftForm country={country} onKept={keepGift} />
              </Suspense>
            </>
          ) : (
            <>
              <SavedAddressChoice
                addresses={addresses}
                selected={state.addressId}
                onSelect={(id) => (checkout.addressId = id)}
                name="address"
                legend={t('checkout_address_title')}
                testId="checkout-address"
              />
              <NewAddress
                adding={adding}
                onAdding={setAdding}
                country={country}
                recipient={user.name}
                phone={user.phone}
                draftKey={NEW_ADDRESS_DRAFT}
                onSaved={(id) => {
                  checkout.addressId = id;
                  void mutate();
                }}
                canCancel={addresses.length > 0}
                heading={addressHeading}
              />
            </>
          )}
          <DeliveryNote
            addressId={giftOn ? null : (state.addressId ?? null)}
            zone={giftOn ? zoneOf(state.gift ?? null) : null}
          />
          {!adding && !giftOn && (
            <button
              type="button"
              className="button"
              // Only once the chosen address is listed: a newly saved one appears a moment after the
              // form closes, and the button moves down then; a tap in between landed on nothing.
              disabled={!addresses.some((a) => a.id === state.addressId)}
              onClick={go}
              data-testid="checkout-continue"
            >
              {t('checkout_continue')}
            </button>
          )}
        </section>
      ) : (
        <section className="form-card" aria-labelledby="checkout-guest-title">
          <h2 id="checkout-guest-title">{t('checkout_guest_title')}</h2>
          <p>
            {t('checkout_guest_intro')}{' '}
            <button type="button" className="link-button" onClick={() => openAuthModal()}>
              {t('checkout_sign_in')}
            </button>
          </p>
          <div className={emailError ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="checkout-email">
              {t('account_email_label')}
              <RequiredMark />
            </label>
            <FieldNotes id="checkout-email" error={emailError} />
            <input
              id="checkout-email"
              type="email"
              autoComplete="email"
              dir="ltr"
              required
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={notesIds('checkout-email', null, emailError)}
              onChange={(e) => {
                setEmail(e.target.value);
                // After a submit, a corrected e-mail loses its error as it is typed.
                if (emailError) checkEmail(e.target.value);
                checkout.email = e.target.value.trim();
              }}
            />
          </div>
          <GiftSwitch on={giftOn} />
          {giftOn ? (
            <>
              {giftTitle}
              <Suspense fallback={<p role="status">{t('loading')}</p>}>
                <GiftForm
                  country={country}
                  outside={{
                    check: () => (checkEmail(email) ? 'checkout-email' : null),
                    problems: emailError ? [{ id: 'checkout-email', text: emailError }] : [],
                  }}
                  onKept={(gift, places) => {
                    if (checkEmail(email)) return;
                    checkout.email = email.trim();
                    keepGift(gift, places);
                  }}
                />
              </Suspense>
            </>
          ) : (
            <>
              <h3>{t('checkout_address_title')}</h3>
              <AddressForm
                country={country}
                fixedCountry
                draftKey={GUEST_ADDRESS_DRAFT}
                submitLabel="checkout_continue"
                outside={{
                  check: () => (checkEmail(email) ? 'checkout-email' : null),
                  problems: emailError ? [{ id: 'checkout-email', text: emailError }] : [],
                }}
                keep={(address, places) => {
                  if (checkEmail(email)) return;
                  checkout.email = email.trim();
                  checkout.guestAddress = address;
                  checkout.guestPlaces = places;
                  checkout.addressId = null;
                  go();
                }}
                onSaved={() => undefined}
              />
            </>
          )}
          <DeliveryNote zone={zoneOf(giftOn ? (state.gift ?? null) : state.guestAddress)} />
        </section>
      )}
    </Page>
  );
}
