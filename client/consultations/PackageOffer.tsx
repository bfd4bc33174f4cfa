// A nutritionist's prepaid packages (for example 4 follow-ups): its price in her country and a way to
// buy it, paid online through the gateway like a booking (or from her wallet when it holds enough).
// Its sessions then pay for bookings of that service on the booking page.
import { useContext, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useSnapshot } from 'valtio';
import type { ConsultationPackage, ConsultationPackageAnswer } from '#shared/consultations/types';
import { CARD_METHODS, type GatewayMethod } from '#shared/payments/gateway-methods';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { CardMethodChoice } from '../orders/CardMethodChoice';
import { failureKey } from '../orders/pay-again';
import { ApiContext } from '../providers';
import { newIdempotencyKey } from '../stores/checkout';
import { useSessionStore } from '../stores/session';
import { toast } from '../stores/toasts';
import { CONSULT_API } from './api-paths';
import { consultPaths } from './paths';

export function PackageOffer({ packages }: { packages: readonly ConsultationPackage[] }) {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const minor = useMinor();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const methods: readonly GatewayMethod[] = CARD_METHODS[country];
  const [method, setMethod] = useState<GatewayMethod>(methods[0]!);
  const [busy, setBusy] = useState(false);
  const attempt = useRef<string | null>(null);
  if (packages.length === 0) return null;

  async function buy(p: ConsultationPackage) {
    setBusy(true);
    attempt.current ??= newIdempotencyKey();
    try {
      const res = await api.post<ConsultationPackageAnswer>(CONSULT_API.buyPackage, {
        idempotency_key: attempt.current,
        package_id: p.id,
        payment: { method: 'card', card_method: method },
      });
      attempt.current = null;
      // Paid at once or through the gateway's page: she lands on what she bought either way.
      if (res.data.payment_url) window.location.assign(res.data.payment_url);
      else navigate(consultPaths.package(lang, res.data.credit_id));
    } catch (e) {
      attempt.current = null;
      toast.apiError(failureKey(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="form-card" aria-labelledby="consult-packages-title" data-testid="consult-packages">
      <h2 id="consult-packages-title">{t('consult_packages_title')}</h2>
      <p className="muted">{t('consult_packages_intro')}</p>
      <CardMethodChoice
        name="consult-package-method"
        className="choice-list card-methods"
        methods={methods}
        value={method}
        onChange={setMethod}
      />
      <ul className="offer-services">
        {packages.map((p) => (
          <li key={p.id} className="offer-service" data-testid="consult-package">
            <div>
              <strong>{p.name}</strong>
              <span className="cart-line-meta">
                {t('consult_sessions', { count: p.sessions })} · <bdi>{minor(p.price, p.currency)}</bdi>
              </span>
            </div>
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void buy(p)}
              data-testid="consult-package-buy"
            >
              {t('consult_package_buy')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
