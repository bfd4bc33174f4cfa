// What one order holds and what moved of its money: the items and free gifts, the totals, the payments,
// and the refunds (in the local sandbox, a pending card refund can be settled by hand).
import type { Permission } from '#shared/staff/permissions';
import { type OrderPartProps, paymentWords } from './order-detail-data';

export function OrderMoney({ t, me, data, words }: OrderPartProps) {
  const o = data.order;
  const { money, when, gateway } = words;
  const may = (p: Permission) => me.permissions.includes(p);
  const settle = data.sandbox_refunds === true && may('orders:refund');
  return (
    <>
      <h2>{t.t('st_orders_items')}</h2>
      <div className="table-wrap">
        <table>
          <thead>
            <tr>
              <th scope="col">{t.t('st_orders_item')}</th>
              <th scope="col">{t.t('st_orders_count')}</th>
              <th scope="col">{t.t('st_orders_line_total')}</th>
            </tr>
          </thead>
          <tbody>
            {data.items.map((i) => (
              <tr key={i.sku_id}>
                <td>
                  {i.name} · {i.sku_name}
                </td>
                <td>{t.n(i.count)}</td>
                <td>
                  <bdi>{money(i.unit_price * i.count)}</bdi>
                </td>
              </tr>
            ))}
            {(data.promotions ?? []).map((p) =>
              p.gift ? (
                <tr key={`gift-${p.promotion_id}`} data-testid="staff-order-gift">
                  <td>
                    {p.gift.name} · {p.gift.sku_name} · {t.t('st_orders_gift', { name: p.name })}
                  </td>
                  <td>{t.n(p.gift.count)}</td>
                  <td>
                    <bdi>{money(0)}</bdi>
                  </td>
                </tr>
              ) : null,
            )}
          </tbody>
        </table>
      </div>
      <dl className="totals">
        <dt>{t.t('st_orders_subtotal')}</dt>
        <dd>
          <bdi>{money(o.subtotal)}</bdi>
        </dd>
        {o.discount > 0 && (
          <>
            <dt>
              {t.t('st_orders_discount')}
              {data.coupon ? ` (${t.t('st_orders_coupon')} ${data.coupon.code})` : ''}
            </dt>
            <dd>
              <bdi>-{money(o.discount)}</bdi>
            </dd>
          </>
        )}
        {(o.referral_discount ?? 0) > 0 && (
          <>
            <dt>{t.t('st_orders_referral')}</dt>
            <dd data-testid="staff-order-referral">
              <bdi>-{money(o.referral_discount!)}</bdi>
            </dd>
          </>
        )}
        {(o.points_discount ?? 0) > 0 && (
          <>
            <dt>{t.t('st_orders_points', { points: t.n(o.points_used ?? 0) })}</dt>
            <dd data-testid="staff-order-points">
              <bdi>-{money(o.points_discount!)}</bdi>
            </dd>
          </>
        )}
        <dt>{t.t('st_orders_delivery')}</dt>
        <dd>
          <bdi>{money(o.delivery)}</bdi>
        </dd>
        <dt>{t.t('st_orders_total')}</dt>
        <dd>
          <bdi>{money(o.total)}</bdi>
        </dd>
        {o.vat > 0 && (
          <>
            <dt>{t.t('st_orders_vat')}</dt>
            <dd>
              <bdi>{money(o.vat)}</bdi>
            </dd>
          </>
        )}
        {o.wallet_used > 0 && (
          <>
            <dt>{t.t('st_orders_wallet_used')}</dt>
            <dd>
              <bdi>{money(o.wallet_used)}</bdi>
            </dd>
          </>
        )}
        <dt>{t.t('st_orders_paid')}</dt>
        <dd>
          <bdi>{money(data.money.paid)}</bdi>
        </dd>
        <dt>{t.t('st_orders_refunded')}</dt>
        <dd>
          <bdi>{money(data.money.refunded)}</bdi>
        </dd>
      </dl>

      {data.payments.length > 0 && (
        <>
          <h2>{t.t('st_orders_payments')}</h2>
          <ul>
            {data.payments.map((p) => {
              const said = paymentWords(t, p);
              return (
                <li key={p.id} data-testid="order-payment">
                  <span className="mono">{p.id}</span> · {said.way} · <bdi>{money(p.amount)}</bdi> · {said.status} ·{' '}
                  {when(p.created_at)}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {data.refunds.length > 0 && (
        <>
          <h2>{t.t('st_orders_refunds')}</h2>
          <ul>
            {data.refunds.map((r) => (
              <li key={r.id}>
                <bdi>{money(r.amount)}</bdi> · {t.t(`st_orders_method_${r.method}`)}
                {r.method === 'gateway' && gateway ? ` (${gateway})` : ''} · {t.t(`st_orders_reason_${r.reason}`)} ·{' '}
                <span className={`badge refund-${r.status}`}>{t.t(`st_orders_refund_status_${r.status}`)}</span> ·{' '}
                {when(r.created_at)}
                {r.staff_name ? ` · ${t.t('st_orders_by', { name: r.staff_name })}` : ''}
                {r.note ? ` · ${words.note(r.note)}` : ''}
                {settle && r.method === 'gateway' && r.status === 'pending' && (
                  <span className="actions">
                    {(['succeeded', 'failed'] as const).map((status) => (
                      <form key={status} method="post" action={`/orders/${o.id}/refunds/${r.id}/settle`}>
                        <input type="hidden" name="status" value={status} />
                        <button type="submit" className="secondary">
                          {t.t(`st_orders_sandbox_settle_${status}`)}
                        </button>
                      </form>
                    ))}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
