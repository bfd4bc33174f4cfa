// The payment-gateway interface: a hosted payment page per charge, and a signed webhook telling the
// outcome. Two adapters: Tap Payments (production: KNET, mada, cards, Apple Pay, STC Pay, Tabby and
// Tamara, each a source of Tap's charges: decision 42) and the built-in
// sandbox (local mode: a page where a tester picks success, failure or cancel). The interface only:
// gateway-for.ts picks the adapter, so no adapter depends on a module that depends on it.
import type { WebhookProvider } from '#shared/api/payment-webhooks';
import type { CardMethod } from '#shared/api/order-schemas';

interface ChargeRequest {
  paymentId: string;
  /** Minor units of the currency. */
  amount: number;
  currency: string;
  decimals: number;
  method: CardMethod;
  description: string;
  customer: { name: string; email: string; phone: string | null };
  /** STC Pay's account number in E.164 (the provider sends it the code); null for other methods. */
  payerPhone?: string | null;
  /** Where the shopper's browser goes after the payment page. */
  returnUrl: string;
  /** Where the gateway posts the outcome. */
  webhookUrl: string;
  /** Keep the card for later charges the shopper does not start (subscribe and save). */
  saveCard?: boolean;
}

/** A card the gateway kept: its ids there (never the card's number) and what the shopper reads. */
export interface SavedCardRef {
  customerRef: string;
  cardRef: string;
  agreementRef: string | null;
  brand: string;
  last4: string;
}

export interface WebhookEvent {
  paymentId: string;
  outcome: 'succeeded' | 'failed' | 'cancelled';
  providerRef: string | null;
  /** The card the gateway kept, when the charge asked it to and it did. */
  savedCard?: SavedCardRef | null;
}

/** A charge of a kept card, started by the shop (a subscription's order): answered at once. */
interface SavedCardCharge {
  paymentId: string;
  /** Minor units of the currency. */
  amount: number;
  currency: string;
  decimals: number;
  description: string;
  card: SavedCardRef;
  webhookUrl: string;
}

/** A charge as the gateway itself reports it when asked (not as a webhook claims it). */
export interface FetchedCharge {
  paymentId: string | null;
  outcome: WebhookEvent['outcome'];
  providerRef: string;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  /** The card the gateway kept with the charge (save_card), as the gateway itself reports it. */
  savedCard?: SavedCardRef | null;
  /** False while the gateway still has the charge open (the shopper has not finished); `outcome` is then no outcome. */
  finished?: boolean;
}

/** Money given back on a charge that succeeded (the back office's refunds). */
interface RefundRequest {
  /** The gateway's id of the charge (payments.provider_ref). */
  providerRef: string;
  /** Minor units of the currency. */
  amount: number;
  currency: string;
  decimals: number;
  /** Why, in words the gateway keeps with the refund. */
  reason: string;
  /** This shop's id of the refund (refunds.id), kept by the gateway as its reference. */
  refundId: number;
  /** Where the gateway posts the refund when it settles (the same webhook path as charges). */
  webhookUrl: string;
}

export interface RefundResult {
  providerRef: string | null;
  /** Gateways may settle a refund later; until then it counts as given back. */
  status: 'pending' | 'succeeded' | 'failed';
}

/** A refund as the gateway reports it, in its webhook or when asked; the amount in minor units. */
export interface RefundReport {
  /** The gateway's id of the refund (refunds.provider_ref). */
  providerRef: string;
  /** This shop's refunds.id when the gateway echoes it (before provider_ref is stored, it is the key). */
  refundId: number | null;
  status: RefundResult['status'];
  amount: number;
  currency: string;
}

/** A webhook body that is a refund rather than a charge: the refund object names itself. */
export function isRefundBody(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { object?: unknown } | null;
    return typeof parsed === 'object' && parsed !== null && parsed.object === 'refund';
  } catch {
    return false;
  }
}

export interface Gateway {
  name: WebhookProvider;
  createCharge(charge: ChargeRequest): Promise<{ providerRef: string | null; url: string }>;
  /** The event of a webhook call, or null when its signature does not hold. */
  verifyWebhook(headers: Headers, body: string): Promise<WebhookEvent | null>;
  /**
   * The charge fetched from the gateway (null: it does not know the charge; throws when unreachable).
   * Absent for the local sandbox, whose signed events come from this shop's own sandbox page.
   */
  fetchCharge?(providerRef: string): Promise<FetchedCharge | null>;
  /**
   * Charges a kept card without the shopper (merchant-initiated): the outcome now, as the gateway
   * answers it; 'pending' when the gateway has not finished (its webhook tells); throws when the
   * gateway is unreachable or refuses the shop itself (keys, rate), which is no decline of the card.
   */
  chargeSaved(
    charge: SavedCardCharge,
  ): Promise<{ providerRef: string | null; outcome: WebhookEvent['outcome'] | 'pending' }>;
  /** Refunds part or all of a succeeded charge (throws when the gateway is unreachable or refuses). */
  refund(refund: RefundRequest): Promise<RefundResult>;
  /** The refund of a webhook call, or null when its signature does not hold. */
  verifyRefundWebhook(headers: Headers, body: string): Promise<RefundReport | null>;
  /**
   * The refund fetched from the gateway (null: unknown to it; throws when unreachable). Absent for the
   * sandbox, whose refunds a tester settles from the staff order page.
   */
  fetchRefund?(providerRef: string): Promise<RefundReport | null>;
}
