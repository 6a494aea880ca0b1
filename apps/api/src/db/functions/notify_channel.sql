-- notify_channel: the trigger function that announces a table's change on the channel named by its first
-- argument (migration 0013), with its second as the payload ('' without one; the shops' 'shops', migration 0050). Applied at every start after the migrations (db/functions.ts, decision 0106).
-- A checkout's own writes do not NOTIFY inside its transaction (decision 0086): a NOTIFY holds
-- PostgreSQL's one notify lock from the commit's start to its end (WAL flush included), so every
-- checkout committed after the one before (measured: ~600 place_order/s at 20 connections, 1,373/s
-- without). place_order marks its writes, and the application notifies the same channels after the commit.
CREATE OR REPLACE FUNCTION notify_channel() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('greencart.notify_after_commit', true) IS DISTINCT FROM 'on' THEN
    PERFORM pg_notify(TG_ARGV[0], coalesce(TG_ARGV[1], ''));
  END IF;
  RETURN NULL;
END $$;
