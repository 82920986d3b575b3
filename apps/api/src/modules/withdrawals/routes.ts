import { msg } from '@club/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, notFound } from '../../lib/http-error.ts';
import { route } from '../../lib/route.ts';
import { checkWithdrawalToken, parseWithdrawalToken } from '../../lib/withdrawal-token.ts';
import type { Organisation } from '../../plugins/tenancy.ts';
import {
  changeReturnState,
  exchangeReturn,
  listReturns,
  loadOrder,
  offerOf,
  refundReturn,
  returnDetail,
  setReturnLineExchange,
  submitWithdrawal,
} from './service.ts';

/** Anything that mails the buyer is rate limited per IP. */
const SUBMIT_LIMIT = { rateLimit: { max: 10, timeWindow: 60_000 } };
const READ_LIMIT = { rateLimit: { max: 60, timeWindow: 60_000 } };

/** Withdrawal from the contract (storefront: guest link and account) and the panel's returns. */
const withdrawalsRoutes = async (app: FastifyInstance) => {
  const refundDeps = { db: app.db, payments: app.payments, log: app.log };
  /** The order a guest's link names: a forged link reads as not found, an expired one as gone. */
  const guestOrder = async (org: Organisation, token: string) => {
    const t = parseWithdrawalToken(token);
    const o = t ? await loadOrder(app.db, org.id, t.orderId) : null;
    if (!o) throw notFound(msg.withdrawalLinkInvalid);
    const check = checkWithdrawalToken(
      app.payments.demoSecret(),
      token,
      { orgId: org.id, orderId: o.id, email: o.email },
      new Date(),
    );
    if (check === 'forged') throw notFound(msg.withdrawalLinkInvalid);
    if (check === 'expired') throw new HttpError(410, msg.withdrawalLinkExpired);
    return o;
  };
  /** A customer's own order; anyone else's reads as not found. */
  const accountOrder = async (org: Organisation, userId: number, id: number) => {
    const o = await loadOrder(app.db, org.id, id);
    if (!o || o.userId !== userId) throw notFound(msg.orderNotFound);
    return o;
  };

  route(
    app,
    'getWithdrawal',
    async (request) => {
      const org = await request.org();
      return offerOf(app.db, org, await guestOrder(org, request.params.token), new Date());
    },
    READ_LIMIT,
  );
  route(
    app,
    'submitWithdrawal',
    async (request) => {
      const org = await request.org();
      const o = await guestOrder(org, request.params.token);
      return submitWithdrawal(app.db, org, o.id, request.body);
    },
    SUBMIT_LIMIT,
  );
  route(
    app,
    'getAccountWithdrawal',
    async (request) => {
      const [org, user] = await Promise.all([request.org(), request.requireUser()]);
      return offerOf(app.db, org, await accountOrder(org, user.id, request.params.id), new Date());
    },
    READ_LIMIT,
  );
  route(
    app,
    'submitAccountWithdrawal',
    async (request) => {
      const [org, user] = await Promise.all([request.org(), request.requireUser()]);
      const o = await accountOrder(org, user.id, request.params.id);
      return submitWithdrawal(app.db, org, o.id, request.body);
    },
    SUBMIT_LIMIT,
  );

  route(app, 'panelReturns', async (request) => {
    const { org } = await request.panelUser();
    return listReturns(app.db, org.id, request.query.stan);
  });
  route(app, 'panelReturn', async (request) => {
    const { org } = await request.panelUser();
    return returnDetail(app.db, org.id, request.params.id);
  });
  route(
    app,
    'panelReturnState',
    async (request) => {
      // Refunding moves money: owners only (decision 050), as for complaints; the other steps any
      // manager. An exchange moves no money (same price, goods back first: decision 138).
      if (request.body.Stan === 'zwrot_pieniedzy')
        return refundReturn(refundDeps, await request.panelOwner(), request.params.id, request.body);
      if (request.body.Stan === 'wymieniony')
        return exchangeReturn(app.db, await request.panelUser(), request.params.id, request.body);
      return changeReturnState(app.db, await request.panelUser(), request.params.id, request.body);
    },
    { rateLimit: { max: 60, timeWindow: 60_000 } },
  );
  route(app, 'panelReturnExchange', async (request) =>
    setReturnLineExchange(
      app.db,
      await request.panelUser(),
      request.params.id,
      request.params.lineId,
      request.body,
    ),
  );
};

export const withdrawalsModule = fp(withdrawalsRoutes, {
  name: 'withdrawals',
  dependencies: ['tenancy', 'auth', 'payments', 'rate-limit', 'panel-auth'],
  encapsulate: true,
});
