// The wallet (spec §7 /user/wallet…): balance, history, top-up through the payment gateway, and a
// top-up's result. The balance is the ledger's sum in the shopper's current country currency.
import { localizePath } from '#shared/locale';
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  walletChargeAnswerSchema,
  walletHistorySchema,
  walletSchema,
  walletTopUpSchema,
} from '#shared/api/wallet-responses';
import { CARD_METHODS, walletChargeSchema } from '#shared/api/order-schemas';
import { countryAmountsFor, currencyFor } from '../lib/currency';
import { ApiError } from '../lib/errors';
import { enforceWith, limit, LIMITS } from '../lib/limits';
import { paged } from '../lib/params';
import { contract } from '../contract/validate';
import { requireUser } from '../middleware/user';
import { newPaymentId, openPayment } from '../orders/place';
import { startCharge } from './orders';
import { readMine, routeFrom, routeStatement, userOwner } from '../db/databases';
import type { AppEnv } from '../app-env';
import type { CountRow, PaymentRow, WalletAccountRow, WalletLedgerRow } from '../db/rows';
import { pageParams, paymentIdParams } from '#shared/api/route-schemas';

const PER_PAGE = 20;

export const walletRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'wallet',
      summary: 'Wallet balance and top-up methods',
      user: true,
      response: walletSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { currency } = await currencyFor(c.env.DB, c.var.country);
      // The wallet lives with her orders, in her order shard (decision 61).
      const [balance] = await readMine(c.env, userOwner(user.id), (db) => [
        db.prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?').bind(user.id, currency),
      ]);
      const row = balance!.results[0] as Pick<WalletAccountRow, 'balance'> | undefined;
      return c.json(ok({ balance: row?.balance ?? 0, currency, methods: CARD_METHODS[c.var.country] }));
    },
  )
  .get(
    '/history',
    contract({
      tag: 'wallet',
      summary: 'Wallet history (first page)',
      user: true,
      response: walletHistorySchema,
      messages: [],
    }),
    (c) => history(c, 1),
  )
  .get(
    '/history/:page{[0-9]+}',
    contract({
      tag: 'wallet',
      summary: 'Wallet history, a later page',
      params: pageParams,
      badParams: 'bad_request',
      user: true,
      response: walletHistorySchema,
      messages: [],
    }),
    (c) => history(c, c.req.valid('param').page),
  )
  .post(
    '/charge',
    contract({
      tag: 'wallet',
      summary: 'Top up the wallet: opens a card payment',
      body: walletChargeSchema,
      user: true,
      response: walletChargeAnswerSchema,
      messages: ['wallet_amount_too_large', 'payment_method_unavailable', 'service_busy', 'payment_unavailable'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const input = c.req.valid('json');
      const info = await currencyFor(c.env.DB, c.var.country);
      // The largest single top-up the country's owner set, in its currency (decision 52).
      const max = (await countryAmountsFor(c.env.DB, c.var.country)).wallet_top_up_max_minor;
      if (input.amount > max) throw new ApiError(400, 'wallet_amount_too_large', { max });
      if (!(CARD_METHODS[c.var.country] as readonly string[]).includes(input.payment_method))
        throw new ApiError(400, 'payment_method_unavailable');
      // Each top-up is a payment row and a gateway charge: a limit per account.
      // The top-up's payment, and the ledger line its success writes, are in her order shard (decision 61);
      // its id names the shard, so the gateway's webhook finds it there. Her route rides in the limit's batch.
      const [routeRow] = await enforceWith(
        c.env.DB,
        [limit(LIMITS.walletChargePerUser, `wallet-charge:user:${user.id}`)],
        [routeStatement(c.env, userOwner(user.id))],
      );
      const route = routeFrom(c.env, routeRow!.results[0] as Parameters<typeof routeFrom>[1]);
      if (route.moving) throw new ApiError(503, 'service_busy');
      const paymentId = newPaymentId(route.id);
      const back = localizePath(`/profile/wallet?charge=${paymentId}`, c.var.lang);
      await openPayment(route.db, {
        id: paymentId,
        orderId: null,
        userId: user.id,
        amount: input.amount,
        currency: info.currency,
        method: input.payment_method,
        returnPath: back,
        purpose: 'wallet',
      }).run();
      const url = await startCharge(c, {
        paymentId,
        amount: input.amount,
        currency: info.currency,
        method: input.payment_method,
        description: 'Wallet top-up',
        customer: { name: user.name, email: user.email, phone: user.phone },
        returnPath: back,
        db: route.db,
      });
      return c.json(ok({ id: paymentId, url }));
    },
  )
  .get(
    '/:id{pay[0-9]{0,4}_[0-9a-f]{24}}',
    contract({
      tag: 'wallet',
      summary: "A top-up's payment and its status",
      params: paymentIdParams,
      user: true,
      response: walletTopUpSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const user = await requireUser(c);
      const [payment] = await readMine(c.env, userOwner(user.id), (db) => [
        db
          .prepare(
            "SELECT id, amount, currency, method, status, created_at FROM payments WHERE id = ? AND user_id = ? AND purpose = 'wallet'",
          )
          .bind(c.req.valid('param').id, user.id),
      ]);
      const row = payment!.results[0] as
        | Pick<PaymentRow, 'id' | 'amount' | 'currency' | 'method' | 'status' | 'created_at'>
        | undefined;
      if (!row) throw new ApiError(404, 'not_found');
      return c.json(ok(row));
    },
  );

async function history(c: import('hono').Context<AppEnv>, page: number) {
  const user = await requireUser(c);
  const { currency } = await currencyFor(c.env.DB, c.var.country);
  const [rows, count] = await readMine(c.env, userOwner(user.id), (wallet) => [
    // Money that came back or was adjusted says why, and whether the shop or the shopper's own
    // cancellation gave it: the refund's reason, the adjustment's reason code, a cancelled booking.
    wallet
      .prepare(
        `SELECT l.id, l.amount, l.kind, l.order_id, l.blood_test_order_id, l.consultation_id, l.created_at,
         CASE l.kind WHEN 'refund' THEN coalesce(r.reason, 'cancelled') WHEN 'adjustment' THEN l.reason_code END AS reason,
         CASE WHEN l.kind = 'adjustment' OR r.staff_id IS NOT NULL THEN 'shop'
           WHEN l.kind = 'refund' THEN 'you' END AS given_by
       FROM wallet_ledger l LEFT JOIN refunds r ON r.id = l.refund_id
       WHERE l.user_id = ? AND l.currency = ? ORDER BY l.id DESC LIMIT ? OFFSET ?`,
      )
      .bind(user.id, currency, PER_PAGE, (page - 1) * PER_PAGE),
    wallet
      .prepare('SELECT count(*) AS n FROM wallet_ledger WHERE user_id = ? AND currency = ?')
      .bind(user.id, currency),
  ]);
  const items = rows!.results as Array<
    Pick<WalletLedgerRow, 'id' | 'amount' | 'kind' | 'order_id' | 'created_at'> & {
      blood_test_order_id: number | null;
      consultation_id: number | null;
      reason: string | null;
      given_by: 'shop' | 'you' | null;
    }
  >;
  return c.json(ok({ ...paged(items, page, PER_PAGE, (count!.results[0] as CountRow).n), currency }));
}
