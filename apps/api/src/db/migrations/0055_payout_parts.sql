ALTER TABLE "seller_accounts" ADD COLUMN "cash_kept_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD COLUMN "paid_in_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The parts of each shop's payouts sum (decision 0276), from its entries: the cash its riders kept (payout entries about
-- an order) and its payments to GreenCart (payout entries of a payout record, turned round).
UPDATE "seller_accounts" a
SET "cash_kept_minor" = p."cash_kept", "paid_in_minor" = p."paid_in"
FROM (
  SELECT "seller_id",
    coalesce(sum("amount_minor") FILTER (WHERE "order_id" IS NOT NULL), 0) AS "cash_kept",
    coalesce(-sum("amount_minor") FILTER (WHERE "order_id" IS NULL AND "amount_minor" < 0), 0) AS "paid_in"
  FROM "ledger_entries" WHERE "type" = 'payout' GROUP BY "seller_id"
) p
WHERE a."seller_id" = p."seller_id";
