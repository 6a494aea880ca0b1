-- record_order_status_event: every status an order takes, with its time (issue 16, docs/decisions/0079), written
-- by the database in the transaction that changes the order: checkout, the seller, a payment expiry or decline
-- and a refund are all covered without each remembering to. A refund is a payment event; it is kept here as
-- 'Refunded' so the shopper's timeline shows it in its place. An order inserted past 'Order Placed' (the seed)
-- gets both steps. Applied at every start after the migrations (db/functions.ts, decision 0106), with its
-- triggers; migration 0013 holds its first version.
--
-- Inserted orders are recorded once per statement from the statement's new rows (decision 0188): a checkout
-- writes one order per shop in one statement, and a trigger call with three single-row inserts per order was
-- the costliest part of that insert. An update keeps a row trigger: a trigger with a transition table cannot
-- name the columns it follows (UPDATE OF status, refunded_at), and updates change one order at a time.
CREATE OR REPLACE FUNCTION record_order_status_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_events (order_id, status, at)
      SELECT id, 'Order Placed', created_at FROM placed
      UNION ALL SELECT id, status, created_at FROM placed WHERE status <> 'Order Placed'
      UNION ALL SELECT id, 'Refunded', refunded_at FROM placed WHERE refunded_at IS NOT NULL;
    RETURN NULL;
  END IF;
  -- The clock's time, not the transaction's start: a delivery that waited for its shop's account lock is dated after the
  -- wait, as its ledger entries and the commission rate they were charged are (decision 0121, amended 2026-12-01).
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO order_status_events (order_id, status, at) VALUES (NEW.id, NEW.status, clock_timestamp());
  END IF;
  IF OLD.refunded_at IS NULL AND NEW.refunded_at IS NOT NULL THEN
    INSERT INTO order_status_events (order_id, status, at) VALUES (NEW.id, 'Refunded', clock_timestamp());
  END IF;
  RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER orders_record_status_event AFTER UPDATE OF status, refunded_at ON orders
  FOR EACH ROW EXECUTE FUNCTION record_order_status_event();
CREATE OR REPLACE TRIGGER orders_record_placed_events AFTER INSERT ON orders REFERENCING NEW TABLE AS placed
  FOR EACH STATEMENT EXECUTE FUNCTION record_order_status_event();
