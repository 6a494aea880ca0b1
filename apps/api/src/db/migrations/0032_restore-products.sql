ALTER TABLE "products" ADD COLUMN "removed_by_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "products_seller_retired_idx" ON "products" USING btree ("seller_id","retired_at","id") WHERE "products"."retired_at" is not null;--> statement-breakpoint
CREATE INDEX "products_retired_idx" ON "products" USING btree ("retired_at","id") WHERE "products"."retired_at" is not null;--> statement-breakpoint
-- Products the operator removed before the column: the removal mail names them (0031 kept its product).
UPDATE "products" SET "removed_by_operator" = true WHERE "id" IN (SELECT "product_id" FROM "mail_outbox" WHERE "kind" = 'product-removed' AND "product_id" IS NOT NULL);