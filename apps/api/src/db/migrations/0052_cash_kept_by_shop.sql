ALTER TABLE "payouts" DROP CONSTRAINT "payouts_method";--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_method" CHECK ("payouts"."method" in ('stripe', 'manual', 'received'));--> statement-breakpoint
-- Cash on delivery stays with the shop whose rider collects it (decision 0276): a delivered cash order's cash is a payout
-- made at the door, entered with its sale, and handed back with its refund. The orders delivered (and refunded) before
-- get those entries now, and their shops' sums with them; entries are only ever added (0122). Not the operator's own
-- shop: its cash is GreenCart's.
WITH "cash" AS (
  INSERT INTO "ledger_entries" ("seller_id", "type", "amount_minor", "order_id")
  SELECT e."seller_id", 'payout', CASE WHEN e."type" = 'sale' THEN o."amount_minor" ELSE -o."amount_minor" END, o."id"
  FROM "ledger_entries" e JOIN "orders" o ON o."id" = e."order_id" JOIN "sellers" s ON s."id" = e."seller_id"
  WHERE e."type" IN ('sale', 'refund') AND o."payment_type" = 'COD' AND o."amount_minor" > 0 AND s."role" <> 'operator'
  ORDER BY e."id"
  RETURNING "seller_id", "amount_minor"
)
UPDATE "seller_accounts" a
SET "payouts_minor" = a."payouts_minor" + c."cash", "balance_minor" = a."balance_minor" - c."cash", "updated_at" = now()
FROM (SELECT "seller_id", sum("amount_minor") AS "cash" FROM "cash" GROUP BY "seller_id") c
WHERE a."seller_id" = c."seller_id" AND c."cash" <> 0;
