-- Decision 0157, amended 2026-11-29: a checkout's coupon use is given back once no live order of it has a share of the
-- discount. Before, it stayed taken while any order of the checkout lived (one shop's code "used up" by another
-- shop's order given nothing, or a discounted line picked out): those uses are given back once, here.
WITH released AS (
  UPDATE coupon_uses u SET released_at = now()
  WHERE u.released_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.checkout_id = u.checkout_id AND o.status <> 'Cancelled' AND o.discount_minor > 0)
  RETURNING u.coupon_id, u.discount_minor
)
UPDATE coupons c SET uses_taken = c.uses_taken - r.uses, discount_given_minor = c.discount_given_minor - r.given
FROM (SELECT coupon_id, count(*)::int AS uses, sum(discount_minor) AS given FROM released GROUP BY coupon_id) r
WHERE c.id = r.coupon_id;
