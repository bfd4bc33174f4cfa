// /checkout-blood-test/shipping: who is tested (the shopper or a family member), where the nurse
// comes (a saved address of this country, or a new one) and when (a day and window of the area's or
// city's slots). Continue takes the 10-minute hold on the slot, then the review step shows its clock.
import { useContext, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { ApiFailure } from '#shared/api/client';
import type { BloodTestPatientList, SlotHold, SlotsAnswer } from '#shared/blood-tests/order-types';
import { NewAddress } from '#client/accounts/NewAddress';
import { SavedAddressChoice } from '#client/accounts/SavedAddressChoice';
import { BT_API } from '#client/blood-tests/api-paths';
import { booking, emptyPatient, restoreBooking, saveBooking, shippingMissing } from '#client/blood-tests/booking-store';
import { useBookingCart } from '#client/blood-tests/checkout-cart';
import { PatientFields } from '#client/blood-tests/PatientFields';
import { loadPatientSchema, patientErrors, patientSchemaLoaded } from '#client/blood-tests/patient-form';
import { SlotPicker } from '#client/blood-tests/SlotPicker';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { ApiContext } from '#client/providers';
import { useSessionStore } from '#client/stores/session';
import { Page } from '#client/ui/Page';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'booking',
  texts: ['orders', 'accounts', 'catalogue', 'blood-tests'],
  id: 'bt-checkout-shipping',
  siteIndex: 'shop',
} satisfies PageDeclaration;

const NEW_ADDRESS_DRAFT = 'bt-checkout-new-address';

export function Component() {
  const { t, tKey, has } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const { user, country } = useSnapshot(useSessionStore());
  const state = useSnapshot(booking);
  const [restored, setRestored] = useState(false);
  const cart = useBookingCart();
  const skuIds = cart.lines.map((l) => l.sku_id);
  const [adding, setAdding] = useState(false);
  const [tried, setTried] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const addressHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    restoreBooking();
    setRestored(true);
  }, []);
  useEffect(() => {
    if (cart.loaded && !cart.lines.length) navigate(href('/blood-test'), { replace: true });
  }, [cart.loaded, cart.lines.length, href]);

  const { data: saved, mutate } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const addresses = (saved?.items ?? []).filter((a) => a.country === country);
  const address = addresses.find((a) => a.id === state.addressId) ?? null;
  const { data: patients, error: patientsError } = useSWR<BloodTestPatientList>(user ? BT_API.patients : null);
  // No saved patients to offer (none yet, or the list failed): the details are typed.
  const patientsKnown = !!patients || !!patientsError;
  const family = (patients?.items ?? []).filter((p) => p.relation !== 'self' && p.country === country);
  const selfPatient = (patients?.items ?? []).find((p) => p.relation === 'self' && p.country === country) ?? null;
  const zone = address ? { area_id: address.area_id, city_id: address.city_id } : null;
  const { data: slots, error: slotsError } = useSWR<SlotsAnswer>(
    zone && (zone.area_id || zone.city_id) && skuIds.length ? BT_API.slots(zone, skuIds) : null,
  );

  // The default address of this country first; none saved yet: the form is open.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the addresses answer and the country are the triggers; the rest is read then
  useEffect(() => {
    if (!restored || !saved) return;
    if (!addresses.some((a) => a.id === booking.addressId))
      booking.addressId = addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? null;
    if (!addresses.length) setAdding(true);
  }, [restored, saved, country]);
  // "Me": the shopper's saved record, or their details typed once (the lab needs the id of whoever is tested).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the patients answer and the choice are the triggers; the rest is read then
  useEffect(() => {
    if (!restored || !patientsKnown || booking.patientChoice !== 'self') return;
    if (selfPatient) {
      booking.patientId = selfPatient.id;
    } else {
      booking.patientId = null;
      if (booking.newPatient?.relation !== 'self')
        booking.newPatient = { ...emptyPatient(), name: user?.name ?? '', relation: 'self' };
    }
  }, [restored, patientsKnown, patients, state.patientChoice, country]);
  // A slot that the new answer no longer offers (another address, taken meanwhile) is dropped.
  useEffect(() => {
    if (!slots || !booking.slot) return;
    const { date, window } = booking.slot;
    const open = slots.days
      .find((d) => d.date === date)
      ?.windows.find((w) => w.window === window && w.available && w.places_left > 0);
    if (!open) booking.slot = null;
  }, [slots]);
  useEffect(() => {
    if (restored) saveBooking();
  });

  const newPatient = state.newPatient ?? emptyPatient();
  // The patient's checks load after the page is interactive; it renders again when they are there.
  const [, setChecksLoaded] = useState(patientSchemaLoaded());
  useEffect(() => {
    if (!patientSchemaLoaded()) void loadPatientSchema().then(() => setChecksLoaded(true));
  }, []);
  const errors = patientErrors(newPatient, country);
  const patientValid = patientSchemaLoaded() && Object.keys(errors).length === 0;
  const missing = shippingMissing(state, patientValid);

  async function go() {
    setTried(true);
    setError(null);
    if (missing.length || !state.slot || !address) {
      setError(t(`bt_missing_${missing[0] ?? 'slot'}`));
      alertRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const res = await api.post<SlotHold>(BT_API.hold, {
        ...(address.area_id ? { area_id: address.area_id } : { city_id: address.city_id }),
        date: state.slot.date,
        window: state.slot.window,
        sku_ids: skuIds,
      });
      const hold = res.data;
      booking.hold = { id: hold.hold_id, date: hold.date, window: hold.window, expiresAt: Date.parse(hold.expires_at) };
      saveBooking();
      navigate(href('/checkout-blood-test/order'));
    } catch (e) {
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      setError(
        key === 'slot_unavailable' || key === 'slot_full'
          ? t('bt_hold_failed')
          : has(key)
            ? tKey(key)
            : t('server_error'),
      );
      alertRef.current?.focus();
    } finally {
      setSending(false);
    }
  }

  const ready = restored && cart.loaded;
  return (
    <Page title={t('page_bt_checkout_shipping')} crumbs={[{ label: t('page_blood_test'), to: href('/blood-test') }]}>
      <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef} hidden={!error} data-testid="form-error">
        <p>{error}</p>
      </div>
      {!ready ? (
        <p role="status">{t('loading')}</p>
      ) : (
        <div className="bt-sections">
          <section className="form-card" aria-labelledby="bt-who-title">
            <h2 id="bt-who-title">{t('bt_who_title')}</h2>
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('bt_who_title')}</legend>
              {(['self', 'family'] as const).map((who) => (
                <label key={who} className="choice">
                  <input
                    type="radio"
                    name="bt-who"
                    value={who}
                    checked={state.patientChoice === who}
                    onChange={() => {
                      booking.patientChoice = who;
                      if (who === 'family') {
                        booking.patientId = null;
                        booking.newPatient = emptyPatient();
                      }
                    }}
                  />
                  <span>{who === 'self' ? t('bt_who_self') : t('bt_who_family')}</span>
                </label>
              ))}
            </fieldset>
            {state.patientChoice === 'self' && !selfPatient && patientsKnown && (
              <PatientFields
                value={newPatient}
                country={country}
                errors={errors}
                showErrors={tried}
                relationFixed
                onChange={(next) => (booking.newPatient = next)}
              />
            )}
            {state.patientChoice === 'family' && (
              <>
                {family.length > 0 && (
                  <fieldset className="choice-list">
                    <legend className="visually-hidden">{t('bt_who_family')}</legend>
                    {family.map((p) => (
                      <label key={p.id} className="choice" data-testid="bt-saved-patient">
                        <input
                          type="radio"
                          name="bt-patient"
                          checked={state.patientId === p.id}
                          onChange={() => {
                            booking.patientId = p.id;
                            booking.newPatient = null;
                          }}
                        />
                        <span>
                          <strong>{p.name}</strong>
                          <span className="choice-detail" dir="ltr">
                            {p.national_id_masked}
                          </span>
                        </span>
                      </label>
                    ))}
                    <label className="choice">
                      <input
                        type="radio"
                        name="bt-patient"
                        checked={state.patientId === null}
                        onChange={() => (booking.patientId = null)}
                      />
                      <span>{t('bt_patient_new')}</span>
                    </label>
                  </fieldset>
                )}
                {state.patientId === null && (
                  <PatientFields
                    value={newPatient}
                    country={country}
                    errors={errors}
                    showErrors={tried}
                    onChange={(next) => (booking.newPatient = next)}
                  />
                )}
              </>
            )}
          </section>
          <section className="form-card" aria-labelledby="bt-address-title">
            <h2 id="bt-address-title" ref={addressHeading} tabIndex={-1}>
              {t('bt_address_title')}
            </h2>
            <SavedAddressChoice
              addresses={addresses}
              selected={state.addressId}
              onSelect={(id) => (booking.addressId = id)}
              name="bt-address"
              legend={t('bt_address_title')}
              testId="bt-address"
            />
            <NewAddress
              adding={adding}
              onAdding={setAdding}
              country={country}
              recipient={user?.name ?? ''}
              phone={user?.phone}
              draftKey={NEW_ADDRESS_DRAFT}
              onSaved={(id) => {
                booking.addressId = id;
                void mutate();
              }}
              canCancel={addresses.length > 0}
              heading={addressHeading}
            />
          </section>
          <section className="form-card" aria-labelledby="bt-slot-title">
            <h2 id="bt-slot-title">{t('bt_slot_title')}</h2>
            {!address ? (
              <p>{t('bt_slot_choose_address')}</p>
            ) : slotsError ? (
              <p role="alert">{t('server_error')}</p>
            ) : !slots ? (
              <p role="status">{t('loading')}</p>
            ) : (
              <SlotPicker
                days={slots.days}
                fasting={slots.mornings_only}
                country={country}
                value={state.slot}
                onChange={(slot) => (booking.slot = slot)}
              />
            )}
          </section>
          <button
            type="button"
            className="button"
            disabled={sending || adding}
            onClick={() => void go()}
            data-testid="bt-continue"
          >
            {t('bt_continue')}
          </button>
        </div>
      )}
    </Page>
  );
}
