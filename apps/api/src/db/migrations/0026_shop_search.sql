-- The operator's shop search and "owed only" on Payouts (issue 26 at 1,000 shops; docs/decisions/0215).
CREATE INDEX "sellers_search_trgm_idx" ON "sellers" USING gin (("shop_name" || ' ' || "name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "seller_accounts_owed_idx" ON "seller_accounts" USING btree ("seller_id") WHERE "seller_accounts"."balance_minor" > 0;