// Pay again (spec §7 /order/payAgain): a new charge for an order whose payment failed, or the open
// charge of an order still awaiting payment (Pay now), then the gateway's page. On failure the API's
// message is shown and the caller's button comes back.
import { ApiFailure, type ApiClient } from '#shared/api/client';
import { toast } from '../stores/toasts';

/** The message key of a failed call: the API's, else the generic one. */
export function failureKey(e: unknown): string {
  return e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
}

/** `proof`: the order link of a guest away from the device that ordered (order-lookup page). */
export async function payAgain(api: ApiClient, orderId: number, proof: { key?: string } = {}): Promise<boolean> {
  try {
    const res = await api.post<{ payment: { url: string } }>('/order/payAgain', { order_id: orderId, ...proof });
    window.location.assign(res.data.payment.url);
    return true;
  } catch (e) {
    toast.apiError(failureKey(e));
    return false;
  }
}
