ALTER TABLE "mail_outbox" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "seller_id" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_id" uuid;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seller_id" uuid;
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "role" text DEFAULT 'seller' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "status" text DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "shop_name" text;
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "slug" text;
--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "pickup_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "status_reason" text;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "status_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
-- Backfill (issue 26, docs/decisions/0115). The oldest seller row becomes the operator, owner of the first
-- shop "GreenCart" (slug greencart); a database without one (a fresh one: the start-up creates the
-- account from SELLER_EMAIL afterwards) gets the operator's row now with an unusable password, which the
-- start-up gives the environment's e-mail and password. Newer seller rows were the same one seller under
-- an earlier SELLER_EMAIL: they owned nothing, so they go (with their sessions) and cannot clash with the
-- operator's e-mail. Every existing product and order belongs to the first shop; an existing order is
-- its own checkout.
INSERT INTO "sellers" ("email", "password_hash", "created_at")
  SELECT 'operator@greencart.invalid', '!', now() WHERE NOT EXISTS (SELECT 1 FROM "sellers");
--> statement-breakpoint
DELETE FROM "sellers" WHERE "id" <> (SELECT "id" FROM "sellers" ORDER BY "created_at", "id" LIMIT 1);
--> statement-breakpoint
UPDATE "sellers" SET "role" = 'operator', "status" = 'approved', "shop_name" = 'GreenCart', "slug" = 'greencart',
  "name" = 'GreenCart', "email_confirmed_at" = "created_at", "status_changed_at" = "created_at";
--> statement-breakpoint
UPDATE "products" SET "seller_id" = (SELECT "id" FROM "sellers" WHERE "role" = 'operator');
--> statement-breakpoint
UPDATE "orders" SET "seller_id" = (SELECT "id" FROM "sellers" WHERE "role" = 'operator'), "checkout_id" = "id";
--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "shop_name" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "sellers" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "seller_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "seller_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "checkout_id" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_seller_created_idx" ON "orders" USING btree ("seller_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "products_seller_order_idx" ON "products" USING btree ("seller_id","created_at","id") WHERE "products"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "products_seller_low_stock_idx" ON "products" USING btree ("seller_id","stock","id") WHERE "products"."stock" is not null and "products"."retired_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_slug_idx" ON "sellers" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_one_operator_idx" ON "sellers" USING btree ("role") WHERE "sellers"."role" = 'operator';--> statement-breakpoint
CREATE INDEX "sellers_status_created_idx" ON "sellers" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "sellers_created_idx" ON "sellers" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subject" CHECK ("mail_outbox"."order_id" is not null or "mail_outbox"."seller_id" is not null);--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_role" CHECK ("sellers"."role" in ('operator', 'seller'));--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_status" CHECK ("sellers"."status" in ('pending', 'approved', 'suspended'));--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_slug_format" CHECK ("sellers"."slug" ~ '^[a-z0-9]+(-[a-z0-9]+)*$');--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_commission_range" CHECK ("sellers"."commission_bps" between 0 and 10000);--> statement-breakpoint
-- A shop's status, name or slug is part of what shoppers see (products of approved shops only, each with its
-- shop; docs/decisions/0118): a change tells every instance to drop its catalogue caches, as a product change does.
CREATE TRIGGER sellers_notify_catalogue_changed AFTER UPDATE OF status, shop_name, slug ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('catalogue_changed');
