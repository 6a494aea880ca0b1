CREATE TABLE "coupon_uses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"checkout_id" uuid NOT NULL,
	"discount_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"seller_id" uuid,
	"type" text NOT NULL,
	"value" bigint NOT NULL,
	"min_subtotal_minor" bigint,
	"max_discount_minor" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"total_uses" integer,
	"uses_per_shopper" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"categories" text[],
	"product_ids" uuid[],
	"active" boolean DEFAULT true NOT NULL,
	"uses_taken" integer DEFAULT 0 NOT NULL,
	"discount_given_minor" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_type" CHECK ("coupons"."type" in ('percent', 'amount', 'free-delivery')),
	CONSTRAINT "coupons_uses_within_total" CHECK ("coupons"."uses_taken" >= 0 and ("coupons"."total_uses" is null or "coupons"."uses_taken" <= "coupons"."total_uses"))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_paid_by" text;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_uses_coupon_user_idx" ON "coupon_uses" USING btree ("coupon_id","user_id") WHERE "coupon_uses"."released_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_uses_checkout_idx" ON "coupon_uses" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "coupons_seller_created_idx" ON "coupons" USING btree ("seller_id","created_at","id");