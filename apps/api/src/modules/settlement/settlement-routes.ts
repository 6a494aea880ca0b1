import {
  CommissionAnswerSchema,
  CommissionInputSchema,
  LedgerAnswerSchema,
  LedgerExportQuerySchema,
  LedgerQuerySchema,
  MessageAnswerSchema,
  PayoutAccountAnswerSchema,
  PayoutAccountInputSchema,
  PayoutAccountLinkAnswerSchema,
  PayoutAccountQuerySchema,
  PayoutAnswerSchema,
  PayoutInputSchema,
  PayoutsAnswerSchema,
  PayoutsQuerySchema,
  type ErrorCode,
} from '@greencart/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routeSchema, SELLER_CALL, SELLER_WRITE, WRITE_CALL, written } from '../../lib/route-schema.js';
import { csvBody } from '../../lib/csv-body.js';
import type { Caller } from './settlement-service.js';

const tags = ['Marketplace money'];
const OPERATOR_CALL: ErrorCode[] = [...SELLER_CALL, 'OPERATOR_ONLY'];

const callerOf = (request: FastifyRequest): Caller => ({ id: request.seller.id, role: request.seller.role });

/**
 * Issue 26's money calls under /api/seller: commission (operator), a shop's ledger (a seller its own, the
 * operator any shop's) and payouts (operator). A pending or suspended shop reads its ledger; it changes nothing.
 */
export async function settlementRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  const readCommission = routeSchema(
    { tags, summary: 'The default commission percentage, and how many shops pay it', errors: OPERATOR_CALL },
    {
      response: {
        200: CommissionAnswerSchema.extend({
          shopsOnDefault: z.number().int().nonnegative().meta({ description: 'The shops paying the default (no rate of their own; approved, or suspended since): a change of it reaches and e-mails each' }),
        }),
      },
    },
  );
  routes.get('/seller/commission', { onRequest: app.requireOperator, schema: readCommission }, () => app.settlement.commission());

  const setCommission = routeSchema(
    { tags, summary: "Set the default commission, or one shop's (null: back to the default)", errors: [...OPERATOR_CALL, ...WRITE_CALL, 'SELLER_NOT_FOUND', 'OWN_SHOP_NO_COMMISSION'] },
    { body: CommissionInputSchema, response: { 200: CommissionAnswerSchema } },
  );
  routes.post('/seller/commission', { onRequest: app.requireOperator, schema: setCommission }, (request) => app.settlement.setCommission(request.body));

  const ledger = routeSchema(
    { tags, summary: "A shop's statement, newest first, with its balance (a seller: its own; the operator: any shop's)", errors: [...SELLER_CALL, 'SELLER_NOT_FOUND'] },
    { querystring: LedgerQuerySchema, response: { 200: LedgerAnswerSchema } },
  );
  routes.get('/seller/ledger', { onRequest: app.requireSeller, schema: ledger }, (request) => app.settlement.ledger(callerOf(request), request.query));

  const exportLedger = routeSchema(
    { tags, summary: "A shop's statement as a CSV file: all of it, or the entries of the shop days from-to", errors: [...SELLER_CALL, 'SELLER_NOT_FOUND'] },
    { querystring: LedgerExportQuerySchema, response: { 200: written('text/csv', z.string(), 'One line per entry, newest first') } },
  );
  routes.get('/seller/ledger/export', { onRequest: app.requireSeller, schema: exportLedger }, async (request, reply) => {
    const shop = await app.settlement.ledgerShop(callerOf(request), request.query.sellerId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="greencart-ledger-${shop.slug}${request.query.from ? `-from-${request.query.from}` : ''}${request.query.to ? `-to-${request.query.to}` : ''}.csv"`)
      .send(csvBody(app.settlement.ledgerCsv(shop.id, { from: request.query.from, to: request.query.to })));
  });

  const listPayouts = routeSchema(
    { tags, summary: "Every shop's balance due, a page of shops at a time, and the operator's commission", errors: OPERATOR_CALL },
    { querystring: PayoutsQuerySchema, response: { 200: PayoutsAnswerSchema } },
  );
  routes.get('/seller/payouts', { onRequest: app.requireOperator, schema: listPayouts }, (request) => app.settlement.payouts(request.query));

  const payout = routeSchema(
    {
      tags,
      summary: 'Pay a shop out of its balance: one payout per key (a Stripe Connect transfer, or recorded as paid by hand)',
      errors: [...OPERATOR_CALL, ...WRITE_CALL, 'SELLER_NOT_FOUND', 'PAYOUT_EXCEEDS_BALANCE', 'PAYOUT_KEY_REUSED', 'PAYOUT_FOUND_AT_STRIPE', 'TRANSFER_FAILED', 'OWN_SHOP_NO_PAYOUT'],
    },
    { body: PayoutInputSchema, response: { 200: PayoutAnswerSchema } },
  );
  routes.post('/seller/payouts', { onRequest: app.requireOperator, schema: payout }, (request) => app.settlement.payout(request.body));

  const received = routeSchema(
    {
      tags,
      summary: 'Record money a shop paid GreenCart of what it owes (the commission on cash its riders kept): at most its debt, one per key',
      errors: [...OPERATOR_CALL, ...WRITE_CALL, 'SELLER_NOT_FOUND', 'PAYMENT_EXCEEDS_DEBT', 'PAYOUT_KEY_REUSED', 'OWN_SHOP_NO_PAYOUT'],
    },
    { body: PayoutInputSchema, response: { 200: PayoutAnswerSchema } },
  );
  routes.post('/seller/payouts/received', { onRequest: app.requireOperator, schema: received }, (request) => app.settlement.received(request.body));

  const payoutAccount = routeSchema(
    { tags, summary: "Set the Stripe Connect account a shop's payouts are transferred to (null: disconnect, paid by hand); a shop's own account is disconnected first", errors: [...OPERATOR_CALL, ...WRITE_CALL, 'SELLER_NOT_FOUND', 'PAYOUT_ACCOUNT_CONNECTED_BY_SHOP', 'PAYOUT_ACCOUNT_TAKEN'] },
    { body: PayoutAccountInputSchema, response: { 200: MessageAnswerSchema } },
  );
  routes.post('/seller/payout-account', { onRequest: app.requireOperator, schema: payoutAccount }, (request) => app.settlement.setPayoutAccount(request.body));

  const readPayoutAccount = routeSchema(
    { tags, summary: "Where a shop's payouts go: its Stripe Connect account and whether it takes payouts, or 'manual' (a seller: its own; the operator: any shop's)", errors: [...SELLER_CALL, 'SELLER_NOT_FOUND', 'CONNECT_FAILED'] },
    { querystring: PayoutAccountQuerySchema, response: { 200: PayoutAccountAnswerSchema } },
  );
  routes.get('/seller/payout-account', { onRequest: app.requireSeller, schema: readPayoutAccount }, (request) =>
    app.settlement.payoutAccount(callerOf(request), request.query.sellerId),
  );

  const connect = routeSchema(
    { tags, summary: "Connect the caller's shop to Stripe for payouts: its account (made once) and Stripe's onboarding page to send the seller to", errors: [...SELLER_WRITE, ...WRITE_CALL, 'PAYOUTS_MANUAL', 'CONNECT_FAILED'] },
    { response: { 200: PayoutAccountLinkAnswerSchema } },
  );
  routes.post('/seller/payout-account/connect', { onRequest: app.requireSellerWrite, schema: connect }, (request) => app.settlement.connectPayoutAccount(request.seller.id));
}
