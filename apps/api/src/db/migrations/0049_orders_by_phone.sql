-- A first-order coupon is for a household's first order (issue 29): place_order looks up the orders to the same phone
-- number by its last 10 digits (db/functions/place_order.sql).
CREATE INDEX "orders_phone_key_idx" ON "orders" USING btree (right(regexp_replace("address" ->> 'phone', '\D', '', 'g'), 10));