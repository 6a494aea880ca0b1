CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_refunded_created_idx" ON "orders" USING btree ("created_at","id") WHERE "orders"."refunded_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_buyer_name_trgm_idx" ON "orders" USING gin (("address" ->> 'firstName' || ' ' || ("address" ->> 'lastName')) gin_trgm_ops);--> statement-breakpoint
-- Every status an order takes, with its time (issue 16, docs/decisions/0079), written by the database in the
-- transaction that changes the order: checkout, the seller, a payment expiry or decline and a refund are all
-- covered without each remembering to. A refund is a payment event; it is kept here as 'Refunded' so the
-- shopper's timeline shows it in its place. An order inserted past 'Order Placed' (the seed) gets both steps.
-- Its body is db/functions/record_order_status_event.sql (docs/decisions/0106), applied after the migrations;
-- the trigger below needs the function to exist, so it is declared here doing nothing until then.
CREATE FUNCTION record_order_status_event() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER orders_record_status_event AFTER INSERT OR UPDATE OF status, refunded_at ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_status_event();
--> statement-breakpoint
-- Backfill: the placement is known (created_at) and so is a refund (refunded_at, also when its cancel
-- happened); any other step reached before this history existed is dated by this migration, the first
-- time the shop knew it.
INSERT INTO order_status_events (order_id, status, at) SELECT id, 'Order Placed', created_at FROM orders;
--> statement-breakpoint
INSERT INTO order_status_events (order_id, status, at)
  SELECT id, status, CASE WHEN status = 'Cancelled' AND refunded_at IS NOT NULL THEN refunded_at ELSE greatest(now(), created_at) END
  FROM orders WHERE status <> 'Order Placed';
--> statement-breakpoint
INSERT INTO order_status_events (order_id, status, at) SELECT id, 'Refunded', refunded_at FROM orders WHERE refunded_at IS NOT NULL;
--> statement-breakpoint
-- Every order write tells every instance to drop its cached seller summary (docs/decisions/0080): the
-- catalogue's mechanism (0060), one function for both, the channel named by each trigger.
-- Its body is db/functions/notify_channel.sql, declared here for the triggers as above.
CREATE FUNCTION notify_channel() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('orders_changed');
--> statement-breakpoint
DROP TRIGGER products_notify_catalogue_changed ON products;
--> statement-breakpoint
CREATE TRIGGER products_notify_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('catalogue_changed');
--> statement-breakpoint
DROP FUNCTION notify_catalogue_changed();
