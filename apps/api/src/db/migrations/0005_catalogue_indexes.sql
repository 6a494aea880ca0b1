DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
CREATE INDEX "products_in_stock_order_idx" ON "products" USING btree ("created_at","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_category_order_idx" ON "products" USING btree ("category","created_at","id") WHERE "products"."in_stock";--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");