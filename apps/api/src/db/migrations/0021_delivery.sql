CREATE TABLE "delivery_slot_places" (
	"seller_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"taken" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_slot_places_seller_id_starts_at_pk" PRIMARY KEY("seller_id","starts_at"),
	CONSTRAINT "delivery_slot_places_taken" CHECK ("delivery_slot_places"."taken" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shop_delivery" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"pincodes" text[],
	"fee_minor" integer DEFAULT 0 NOT NULL,
	"free_above_minor" integer,
	"min_order_minor" integer DEFAULT 0 NOT NULL,
	"windows" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cutoff_minutes" integer DEFAULT 60 NOT NULL,
	"days_ahead" smallint DEFAULT 3 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_delivery_amounts" CHECK ("shop_delivery"."fee_minor" >= 0 and "shop_delivery"."min_order_minor" >= 0 and ("shop_delivery"."free_above_minor" is null or "shop_delivery"."free_above_minor" >= 0))
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_slot_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "delivery_slot_places" ADD CONSTRAINT "delivery_slot_places_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_delivery" ADD CONSTRAINT "shop_delivery_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_delivery_pincodes_idx" ON "shop_delivery" USING gin ("pincodes");--> statement-breakpoint
CREATE INDEX "orders_seller_slot_idx" ON "orders" USING btree ("seller_id","delivery_slot_start") WHERE "orders"."delivery_slot_start" is not null;--> statement-breakpoint
CREATE INDEX "orders_slot_idx" ON "orders" USING btree ("delivery_slot_start") WHERE "orders"."delivery_slot_start" is not null;