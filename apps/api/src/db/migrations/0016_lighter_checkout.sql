ALTER TABLE "order_items" DROP CONSTRAINT "order_items_product_id_products_id_fk";
--> statement-breakpoint
DROP INDEX "orders_payment_session_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_session_idx" ON "orders" USING btree ("payment_session_id") WHERE "orders"."payment_session_id" is not null;
-- place_order: here checkout began to write less and plan nothing (decision 0087).
-- The body this migration once copied is gone: a database function's source lives in one file of
-- db/functions/, applied after the migrations whenever it changes (docs/decisions/0106).
