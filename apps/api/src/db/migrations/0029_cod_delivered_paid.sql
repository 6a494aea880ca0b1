-- Decision 0226: cash on delivery is paid when delivered. Orders delivered before it were left 'Pending':
-- paid at the time they became Delivered (their status event), or their creation when no event says.
UPDATE "orders" o SET "is_paid" = true, "paid_at" = coalesce(
  (SELECT max(e."at") FROM "order_status_events" e WHERE e."order_id" = o."id" AND e."status" = 'Delivered'),
  o."created_at")
WHERE o."payment_type" = 'COD' AND o."status" = 'Delivered' AND NOT o."is_paid";
