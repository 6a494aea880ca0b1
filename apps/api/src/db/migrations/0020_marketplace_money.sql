CREATE TABLE "ledger_entries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"seller_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"order_id" uuid,
	"payout_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_type" CHECK ("ledger_entries"."type" in ('sale', 'commission', 'refund', 'payout'))
);
--> statement-breakpoint
CREATE TABLE "marketplace_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"default_commission_bps" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "marketplace_settings_one_row" CHECK ("marketplace_settings"."id" = 1),
	CONSTRAINT "marketplace_settings_commission_range" CHECK ("marketplace_settings"."default_commission_bps" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"amount_minor" bigint NOT NULL,
	"key" text NOT NULL,
	"method" text NOT NULL,
	"transfer_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payouts_amount_positive" CHECK ("payouts"."amount_minor" > 0),
	CONSTRAINT "payouts_method" CHECK ("payouts"."method" in ('stripe', 'manual'))
);
--> statement-breakpoint
CREATE TABLE "seller_accounts" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"balance_minor" bigint DEFAULT 0 NOT NULL,
	"sales_minor" bigint DEFAULT 0 NOT NULL,
	"commission_minor" bigint DEFAULT 0 NOT NULL,
	"refunds_minor" bigint DEFAULT 0 NOT NULL,
	"payouts_minor" bigint DEFAULT 0 NOT NULL,
	"stripe_account_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "orders_payment_session_idx";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_accounts" ADD CONSTRAINT "seller_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_seller_idx" ON "ledger_entries" USING btree ("seller_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_order_once_idx" ON "ledger_entries" USING btree ("order_id","type") WHERE "ledger_entries"."type" in ('sale', 'refund');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_key_idx" ON "payouts" USING btree ("key");--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_payment_session_idx" ON "orders" USING btree ("payment_session_id") WHERE "orders"."payment_session_id" is not null;