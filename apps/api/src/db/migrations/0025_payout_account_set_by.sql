ALTER TABLE "seller_accounts" ADD COLUMN "stripe_account_set_by" text;--> statement-breakpoint
-- Accounts set before this migration: who set them is not known; counted as the shop's own, so the operator's
-- call refuses to overwrite them until it disconnects them (docs/decisions/0191).
UPDATE "seller_accounts" SET "stripe_account_set_by" = 'shop' WHERE "stripe_account_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_stripe_account_set_by" CHECK (("seller_accounts"."stripe_account_id" is null) = ("seller_accounts"."stripe_account_set_by" is null) and "seller_accounts"."stripe_account_set_by" in ('shop', 'operator'));
