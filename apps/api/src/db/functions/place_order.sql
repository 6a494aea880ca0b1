-- place_order: checkout in one statement (docs/decisions/0065, 0087). This file is the function's one
-- home: it is applied at every start after the migrations (db/functions.ts, docs/decisions/0106), so a change
-- is an edit here, never a copy in a new migration. Migrations 0012-0016 hold its history.
--
-- Locks, in the store's one global order (orders, users, products by id, cart lines), each only as strong
-- as needed (issue 25): FOR NO KEY UPDATE does not conflict with the KEY SHARE lock a foreign-key check
-- takes, so a cart save or an order line referencing the same shopper or product never waits on checkout,
-- and cannot close a cycle with it (FOR UPDATE here deadlocked with cart saves on PostgreSQL).
--
-- A cart of several shops is one checkout (issue 26, docs/decisions/0120): one order per shop, all written by
-- this one statement or none (a refused line of any shop refuses them all), sharing the checkout's id (p_order_id), the
-- basket key and, for an online payment, one payment session.
--
-- Pricing is not here (decision 0123): the caller prices the checkout with the shared `priceCheckout` (the
-- cart's summary runs the same code) from the prices it read, and passes each line's unit price and shop and
-- each shop order's amounts. This function checks that every line is still sold at that price by that shop
-- (as read, or as locked for counted products) and writes those amounts; a line priced otherwise refuses the
-- whole statement with GC412 and the lines as they are now, for the caller to price again.
--
-- Delivery (issue 28, docs/decisions/0139, 0141): each shop order's delivery fee (priced by the caller under the
-- shop's terms of version p_order_delivery_versions, 0 for a shop without terms, from the caller's kept copy; a
-- changed version, or a pincode p_zipcode other than the address's, refuses the statement with GC413 and the
-- shops' terms and the address's pincode as they are, for the caller to check and price again) and its chosen window, whose place is taken here, its
-- row locked after the products (the global lock order), a full window refused with GC410.
--
-- Coupons (issue 29, docs/decisions/0157): the caller prices the coupon's discount with the shared rule and
-- passes it per shop order and per line; this function takes the coupon's use in the same statement: the
-- coupon's row locked after the products (the global lock order), its window, total uses, the shopper's uses
-- and first-order rule checked again, a use written and the coupon's running sums moved. A refusal raises
-- GC414 with the reason, so nothing of the checkout is written.
--
-- The versions before took the tax percentage and priced the orders itself, then had no delivery,
-- substitutions or coupons: those signatures are dropped here (a changed parameter list makes another
-- function, not a replacement); a no-op once they are gone.
DROP FUNCTION IF EXISTS place_order(uuid, uuid, text, uuid[], int[], uuid[], uuid, timestamptz, int);
DROP FUNCTION IF EXISTS place_order(uuid, uuid, text, uuid[], int[], uuid[], uuid, timestamptz, int[], uuid[], uuid[], bigint[], bigint[]);
CREATE OR REPLACE FUNCTION place_order(
  p_user_id uuid,
  p_address_id uuid,
  p_payment_type text,
  p_product_ids uuid[],
  p_quantities int[],
  p_line_ids uuid[],
  p_order_id uuid, -- the checkout's id (issue 26): shared by its shop orders, each of which gets its own
  p_since timestamptz,
  p_prices int[],
  p_sellers uuid[],
  p_order_sellers uuid[],
  p_order_subtotals bigint[],
  p_order_taxes bigint[],
  -- delivery (issue 28): per shop order, aligned with p_order_sellers
  p_order_fees bigint[],
  p_order_delivery_versions int[],
  p_order_slot_starts timestamptz[],
  p_order_slot_ends timestamptz[],
  p_order_slot_capacities int[],
  p_zipcode text, -- the pincode the caller checked the shops against; null when no shop of the order limits its pincodes
  -- substitutions (issue 28, docs/decisions/0150): each line's preference as the checkout sent it ('similar' or
  -- 'none'), null where it sent none: then the cart line's own, else the shopper's default.
  p_substitutes text[],
  -- coupons (issue 29): the coupon (null: none), its code as typed, who pays it, each shop order's and each line's share.
  p_coupon_id uuid,
  p_coupon_code text,
  p_coupon_paid_by text,
  p_order_discounts bigint[],
  p_line_discounts bigint[]
) RETURNS jsonb LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  v_email text;
  v_address jsonb;
  v_household_ordered boolean := false;
  v_shopper_ordered boolean := false;
  v_duplicate uuid;
  v_basket_key text;
  v_products jsonb;
  v_counted boolean;
  v_found int;
  v_refused boolean;
  v_refusal jsonb;
  v_orders jsonb;
  v_substitute_default text; -- substitutions (issue 28)
  v_coupon record; -- coupons (issue 29)
  v_refusal_reason text;
BEGIN
  -- The shopper's row, locked: their checkouts take turns. Only the users row is locked.
  SELECT u.email, to_jsonb(a), u.substitute_default INTO v_email, v_address, v_substitute_default
    FROM users u LEFT JOIN addresses a ON a.id = p_address_id AND a.user_id = u.id
    WHERE u.id = p_user_id FOR NO KEY UPDATE OF u;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'user'); END IF;
  IF v_address IS NULL THEN RETURN jsonb_build_object('refused', 'address'); END IF;

  -- The same checkout sent again: its key (address, sorted "product x quantity" lines with each line's
  -- substitution choice) found among the shopper's recent orders in one index read (orders_user_basket_idx),
  -- however many orders they placed in the window (decision 0086; it compared every recent order's lines). Only a
  -- checkout no shop has moved yet (every order still 'Order Placed') is the same one: a resend comes within seconds;
  -- once any of its orders was cancelled, taken up or delivered, sending the cart again is an order of its own (it
  -- answered with the cancelled, or the delivered and refunded, order). The payment type is not in the key: a cart paid
  -- by card is the same order when a second device sends it again for cash (a probe ordered it twice, 0030 amended);
  -- only a card checkout still waiting for its payment is left to a cash one, which ends it (0224).
  v_basket_key := md5(p_address_id || '|'
    || array_to_string(array(SELECT w.id || 'x' || w.quantity || coalesce(':' || w.substitute, '')
      FROM unnest(p_product_ids, p_quantities, p_substitutes) AS w(id, quantity, substitute) ORDER BY 1), ',')
    || coalesce('|' || lower(p_coupon_code), '') -- coupons: the same cart with a coupon is another checkout
    || coalesce('|' || nullif(array_to_string(p_order_slot_starts, ','), ''), '')); -- delivery: so is the same cart for another window
  SELECT o.checkout_id INTO v_duplicate FROM orders o
    WHERE o.user_id = p_user_id AND o.basket_key = v_basket_key AND o.created_at >= p_since
      AND (o.payment_type = p_payment_type OR o.payment_type = 'COD' OR o.is_paid)
      AND NOT EXISTS (SELECT 1 FROM orders c WHERE c.checkout_id = o.checkout_id AND c.status <> 'Order Placed')
    ORDER BY o.created_at DESC LIMIT 1;
  IF v_duplicate IS NOT NULL THEN
    -- Nothing new is placed (the caller says so): a cart that sent it again is emptied as the first one was, the
    -- checkout being in My Orders, unless that checkout still waits for its card payment (emptied once paid).
    IF EXISTS (SELECT 1 FROM orders d WHERE d.checkout_id = v_duplicate AND (d.is_paid OR d.payment_type = 'COD')) THEN
      DELETE FROM cart_items WHERE user_id = p_user_id;
    END IF;
    RETURN jsonb_build_object('duplicate', v_duplicate);
  END IF;

  -- A card checkout of the shopper's still being made (its orders written, its payment page not yet: the provider's
  -- answer is a moment away) is the one waiting checkout they may have. Another sent meanwhile (the other payment type,
  -- another tab, a burst of them) took turns on the shopper's lock above but would escape the end of their waiting
  -- checkouts below, which closes payment pages: a cash order and a payable card page for one cart, or stock held by
  -- several pages at once (a probe). Refused until that page is made; one older than the duplicate window is the
  -- sweep's to cancel (its process stopped, decision 0238). orders_user_waiting_idx holds the shopper's few unpaid card
  -- orders: read through the shopper's recent orders, a shopper of a thousand cash orders made each checkout read them all.
  IF EXISTS (SELECT 1 FROM orders w WHERE w.user_id = p_user_id AND w.created_at >= p_since AND w.payment_type = 'Online'
      AND NOT w.is_paid AND w.status = 'Order Placed' AND w.payment_session_id IS NULL) THEN
    RETURN jsonb_build_object('refused', 'in-progress');
  END IF;

  -- From here on its writes are announced by the application after the commit (notify_channel above).
  PERFORM set_config('greencart.notify_after_commit', 'on', true);
  -- The products as they are, in the lines' order, without a lock (decision 0087): an order read just
  -- before a seller's change commits is the order placed just before it. Most are not counted.
  -- A product retired, or of a shop that is not approved (suspended), is no longer sold (issue 26): refused as
  -- sold out, named apart ('gone') so the shopper is not told to wait for it to come back.
  SELECT jsonb_agg(jsonb_build_object('id', p.id, 'seller', p.seller_id, 'name', p.name, 'category', p.category, 'price', p.offer_price_minor,
      'image', p.images->>0, 'quantity', w.quantity, 'line_id', w.line_id, 'sold_out', NOT p.in_stock OR p.stock = 0 OR p.retired_at IS NOT NULL OR s.id IS NULL,
      'gone', p.retired_at IS NOT NULL OR s.id IS NULL,
      'short', false, 'taken', false, 'left', p.stock, 'ord', w.ord) ORDER BY w.ord),
    coalesce(bool_or(p.stock IS NOT NULL), false)
    INTO v_products, v_counted
    FROM unnest(p_product_ids, p_quantities, p_line_ids) WITH ORDINALITY AS w(id, quantity, line_id, ord)
    JOIN products p ON p.id = w.id LEFT JOIN sellers s ON s.id = p.seller_id AND s.status = 'approved';
  -- Some are counted: lock them in id order (decision 0064), then, in a statement of its own, read them
  -- again and take their units where enough are left; the values kept are the locked rows'.
  -- The lock is its own statement (issue 25): locking and updating in one statement made the update find
  -- rows changed since that statement's snapshot and queue again for their tuple locks behind other
  -- checkouts, a cycle PostgreSQL broke with 40P01. The next statement's snapshot already sees them as locked.
  IF v_counted THEN
    PERFORM 1 FROM products WHERE id = ANY(p_product_ids) AND stock IS NOT NULL ORDER BY id FOR NO KEY UPDATE;
    WITH wanted AS (SELECT * FROM unnest(p_product_ids, p_quantities, p_line_ids) AS w(id, quantity, line_id)),
    counted AS (
      SELECT id, seller_id, name, category, offer_price_minor, images, in_stock, retired_at, stock FROM products
        WHERE id IN (SELECT id FROM wanted) AND stock IS NOT NULL
    ),
    not_counted AS (
      SELECT id, seller_id, name, category, offer_price_minor, images, in_stock, retired_at, stock FROM products
        WHERE id IN (SELECT id FROM wanted) AND stock IS NULL
    ),
    -- Units taken from the row as updated (p), never from the read above (c): a product that became counted after
    -- the lock (a seller's count set meanwhile) was read unlocked, and the update, waiting for another checkout's lock on
    -- it, would write that checkout's units back (a probe sold 6 of 5). PostgreSQL re-checks p's conditions on the
    -- newest row once the lock is granted.
    taken AS (
      UPDATE products p SET stock = p.stock - w.quantity, in_stock = p.stock > w.quantity
        FROM counted c JOIN wanted w ON w.id = c.id
        WHERE p.id = c.id AND p.stock >= w.quantity AND p.in_stock AND p.retired_at IS NULL
        RETURNING p.id
    ),
    found AS (
      SELECT c.*, c.id IN (SELECT id FROM taken) AS taken FROM counted c
      UNION ALL SELECT n.*, false FROM not_counted n
    )
    SELECT jsonb_agg(jsonb_build_object('id', f.id, 'seller', f.seller_id, 'name', f.name, 'category', f.category, 'price', f.offer_price_minor,
        'image', f.images->>0, 'quantity', w.quantity, 'line_id', w.line_id, 'sold_out', NOT f.in_stock OR f.stock = 0 OR f.retired_at IS NOT NULL OR s.id IS NULL,
        'gone', f.retired_at IS NOT NULL OR s.id IS NULL,
        'short', f.stock IS NOT NULL AND NOT f.taken, 'taken', f.taken, 'left', f.stock, 'ord', w.ord) ORDER BY w.ord)
      INTO v_products
      FROM found f JOIN (SELECT wanted.*, row_number() OVER () AS ord FROM wanted) w ON w.id = f.id
        LEFT JOIN sellers s ON s.id = f.seller_id AND s.status = 'approved';
  END IF;

  -- One pass over the lines for the total and whether any is refused; the refusal's details only then.
  SELECT count(*), coalesce(bool_or((p->>'sold_out')::boolean OR (p->>'short')::boolean), false)
    INTO v_found, v_refused FROM jsonb_array_elements(coalesce(v_products, '[]')) p;
  IF v_found < cardinality(p_product_ids) OR v_refused THEN
    SELECT jsonb_build_object(
        'unknown', (SELECT coalesce(jsonb_agg(w.id), '[]') FROM unnest(p_product_ids) AS w(id)
          WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'id')::uuid = w.id)),
        'soldOut', (SELECT coalesce(jsonb_agg(p->'name'), '[]') FROM jsonb_array_elements(coalesce(v_products, '[]')) p
          WHERE (p->>'sold_out')::boolean AND NOT (p->>'gone')::boolean),
        'gone', (SELECT coalesce(jsonb_agg(p->'name'), '[]') FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'gone')::boolean),
        'short', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', p->'name', 'left', p->'left')), '[]')
          FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'short')::boolean AND NOT (p->>'sold_out')::boolean))
      INTO v_refusal;
    RAISE EXCEPTION USING ERRCODE = 'GC409', MESSAGE = 'order refused: products', DETAIL = v_refusal::text;
  END IF;
  -- Priced by the caller from what it read: a line sold at another price, or by another shop, since then
  -- refuses the statement (units taken above go back with it) and answers every line as it is now.
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(v_products) p
      WHERE (p->>'price')::int IS DISTINCT FROM p_prices[(p->>'ord')::int] OR (p->>'seller')::uuid IS DISTINCT FROM p_sellers[(p->>'ord')::int]) THEN
    RAISE EXCEPTION USING ERRCODE = 'GC412', MESSAGE = 'order refused: priced otherwise',
      DETAIL = (SELECT jsonb_agg(jsonb_build_object('id', p->'id', 'price', p->'price', 'seller', p->'seller')) FROM jsonb_array_elements(v_products) p)::text;
  END IF;
  -- delivery (issue 28): the shops' terms as the caller priced them (decision 0139): a shop that changed its
  -- fee, threshold, minimum, pincodes or windows since refuses the statement, to be priced again.
  -- The pincode checked against them must be the address's.
  IF EXISTS (SELECT 1 FROM unnest(p_order_sellers, p_order_delivery_versions) AS o(seller_id, version)
      WHERE coalesce((SELECT d.version FROM shop_delivery d WHERE d.seller_id = o.seller_id), 0) <> o.version)
    OR (p_zipcode IS NOT NULL AND p_zipcode IS DISTINCT FROM v_address->>'zipcode') THEN
    RAISE EXCEPTION USING ERRCODE = 'GC413', MESSAGE = 'order refused: delivery terms changed',
      DETAIL = jsonb_build_object('zipcode', v_address->>'zipcode', 'country', v_address->>'country',
        'terms', (SELECT coalesce(jsonb_agg(to_jsonb(d)), '[]') FROM shop_delivery d WHERE d.seller_id = ANY(p_order_sellers)))::text;
  END IF;
  -- delivery (issue 28): a place in each chosen window (decision 0141). Its row is made by the first order for
  -- it, locked after the products (the global lock order) in (shop, start) order in a statement of its own, then
  -- taken where one is left; the capacity is the shop's now. A full window refuses the whole statement.
  IF EXISTS (SELECT 1 FROM unnest(p_order_slot_starts) AS s(starts_at) WHERE s.starts_at IS NOT NULL) THEN
    INSERT INTO delivery_slot_places (seller_id, starts_at, ends_at, capacity)
      SELECT o.seller_id, o.starts_at, o.ends_at, o.capacity
        FROM unnest(p_order_sellers, p_order_slot_starts, p_order_slot_ends, p_order_slot_capacities) AS o(seller_id, starts_at, ends_at, capacity)
        WHERE o.starts_at IS NOT NULL ORDER BY o.seller_id, o.starts_at
      ON CONFLICT DO NOTHING;
    PERFORM 1 FROM delivery_slot_places d JOIN unnest(p_order_sellers, p_order_slot_starts) AS o(seller_id, starts_at)
        ON d.seller_id = o.seller_id AND d.starts_at = o.starts_at
      ORDER BY d.seller_id, d.starts_at FOR NO KEY UPDATE OF d;
    WITH chosen AS (
      SELECT * FROM unnest(p_order_sellers, p_order_slot_starts, p_order_slot_ends, p_order_slot_capacities) AS o(seller_id, starts_at, ends_at, capacity)
        WHERE o.starts_at IS NOT NULL
    ),
    taken AS (
      UPDATE delivery_slot_places d SET taken = d.taken + 1, capacity = c.capacity
        FROM chosen c WHERE d.seller_id = c.seller_id AND d.starts_at = c.starts_at AND d.taken < c.capacity
        RETURNING d.seller_id
    )
    SELECT jsonb_agg(jsonb_build_object('sellerId', c.seller_id, 'shopName', (SELECT s.shop_name FROM sellers s WHERE s.id = c.seller_id),
        'start', c.starts_at, 'end', c.ends_at))
      INTO v_refusal FROM chosen c WHERE c.seller_id NOT IN (SELECT seller_id FROM taken);
    IF v_refusal IS NOT NULL THEN
      RAISE EXCEPTION USING ERRCODE = 'GC410', MESSAGE = 'order refused: delivery window full', DETAIL = v_refusal::text;
    END IF;
  END IF;
  -- coupons (issue 29): the coupon's row locked after the products (global lock order), then checked again
  -- as it is now and its use taken; a refusal rolls the statement back (units taken above go back with it).
  IF p_coupon_id IS NOT NULL THEN
    SELECT * INTO v_coupon FROM coupons WHERE id = p_coupon_id FOR NO KEY UPDATE;
    -- A household's first order: none of the shopper's, nor another account's to the same phone number (a new account
    -- per order took a first-order coupon every time: a probe), by its last 10 digits (orders_phone_key_idx). Read after
    -- the coupon's lock, which every checkout with this coupon waits for: two new accounts of one number cannot both
    -- pass. Planned for the number at hand (dynamic SQL): this function's generic plans scanned every order for it.
    IF FOUND AND v_coupon.first_order_only THEN
      EXECUTE 'SELECT EXISTS (SELECT 1 FROM orders o WHERE right(regexp_replace(o.address ->> ''phone'', ''\D'', '''', ''g''), 10) = $1
          AND o.user_id <> $2 AND o.status <> ''Cancelled'')'
        INTO v_household_ordered USING right(regexp_replace(v_address ->> 'phone', '\D', '', 'g'), 10), p_user_id;
      v_shopper_ordered := EXISTS (SELECT 1 FROM orders o WHERE o.user_id = p_user_id AND o.status <> 'Cancelled');
    END IF;
    v_refusal_reason := CASE
      WHEN NOT FOUND THEN 'unknown'
      WHEN NOT v_coupon.active THEN 'paused'
      WHEN v_coupon.starts_at IS NOT NULL AND now() < v_coupon.starts_at THEN 'not-started'
      WHEN v_coupon.ends_at IS NOT NULL AND now() >= v_coupon.ends_at THEN 'expired'
      WHEN v_coupon.total_uses IS NOT NULL AND v_coupon.uses_taken >= v_coupon.total_uses THEN 'used-up'
      WHEN v_coupon.uses_per_shopper IS NOT NULL AND (SELECT count(*) FROM coupon_uses u
        WHERE u.coupon_id = p_coupon_id AND u.user_id = p_user_id AND u.released_at IS NULL) >= v_coupon.uses_per_shopper THEN 'already-used'
      WHEN v_coupon.first_order_only AND (v_household_ordered OR v_shopper_ordered)
        THEN 'first-order-only'
    END;
    IF v_refusal_reason IS NOT NULL THEN
      -- `household`: refused for another account's order to the address's phone number alone, which the shopper is told
      -- (a new account read "for a first order only" and knew of none: a probe).
      RAISE EXCEPTION USING ERRCODE = 'GC414', MESSAGE = 'order refused: coupon', DETAIL = jsonb_build_object('reason', v_refusal_reason, 'startsAt', v_coupon.starts_at,
        'household', v_refusal_reason = 'first-order-only' AND NOT v_shopper_ordered)::text;
    END IF;
    INSERT INTO coupon_uses (coupon_id, user_id, checkout_id, discount_minor)
      VALUES (p_coupon_id, p_user_id, p_order_id, (SELECT coalesce(sum(d), 0) FROM unnest(p_order_discounts) AS d));
    UPDATE coupons SET uses_taken = uses_taken + 1, discount_given_minor = discount_given_minor + (SELECT coalesce(sum(d), 0) FROM unnest(p_order_discounts) AS d)
      WHERE id = p_coupon_id;
  END IF;
  -- A shop suspended (or a product retired) while this checkout waited for a lock above (a product's, a window's, the
  -- coupon's) sells nothing more: read again after the last lock, the first read having been before them (a probe paid
  -- a suspended shop's card checkout that had waited for its coupon; decision 0265).
  SELECT jsonb_agg(p.name) INTO v_refusal FROM products p LEFT JOIN sellers s ON s.id = p.seller_id AND s.status = 'approved'
    WHERE p.id = ANY(p_product_ids) AND (p.retired_at IS NOT NULL OR s.id IS NULL);
  IF v_refusal IS NOT NULL THEN
    RAISE EXCEPTION USING ERRCODE = 'GC409', MESSAGE = 'order refused: products',
      DETAIL = jsonb_build_object('unknown', '[]'::jsonb, 'soldOut', '[]'::jsonb, 'gone', v_refusal, 'short', '[]'::jsonb)::text;
  END IF;
  -- One order per shop with the amounts the caller priced, in shop id order; ids random like every order's (0090).
  -- Its amount is its goods less its coupon discount, plus tax (issue 29: on the discounted goods) and its delivery fee.
  WITH placed AS (
    INSERT INTO orders (id, user_id, address_id, seller_id, checkout_id, address, subtotal_minor, tax_minor, amount_minor, payment_type, basket_key,
        delivery_fee_minor, delivery_slot_start, delivery_slot_end,
        coupon_id, coupon_code, discount_minor, discount_paid_by)
      SELECT gen_random_uuid(), p_user_id, p_address_id, o.seller_id, p_order_id,
        jsonb_build_object('firstName', v_address->'first_name', 'lastName', v_address->'last_name', 'email', v_address->'email',
          'street', v_address->'street', 'city', v_address->'city', 'state', v_address->'state', 'zipcode', v_address->'zipcode',
          'country', v_address->'country', 'phone', v_address->'phone'),
        o.subtotal, o.tax, o.subtotal - coalesce(o.discount, 0) + o.tax + o.fee, p_payment_type, v_basket_key, o.fee, o.slot_start, o.slot_end,
        p_coupon_id, p_coupon_code, coalesce(o.discount, 0), CASE WHEN p_coupon_id IS NOT NULL THEN p_coupon_paid_by END
      FROM unnest(p_order_sellers, p_order_subtotals, p_order_taxes, p_order_fees, p_order_slot_starts, p_order_slot_ends, p_order_discounts)
        AS o(seller_id, subtotal, tax, fee, slot_start, slot_end, discount)
      RETURNING id, order_number, seller_id, tax_minor, amount_minor, delivery_fee_minor, discount_minor, delivery_slot_start, delivery_slot_end
  )
  SELECT jsonb_agg(jsonb_build_object('id', id, 'orderNumber', order_number, 'sellerId', seller_id, 'taxMinor', tax_minor, 'amountMinor', amount_minor,
      'deliveryFeeMinor', delivery_fee_minor, 'discountMinor', discount_minor, 'deliverySlotStart', delivery_slot_start, 'deliverySlotEnd', delivery_slot_end) ORDER BY seller_id)
    INTO v_orders FROM placed;
  -- substitutions (issue 28): each line's preference copied onto the order line (the cart is read before COD empties it);
  -- coupons (issue 29): each line's share of the discount.
  INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_minor, quantity, substitute, discount_minor)
    SELECT (p->>'line_id')::uuid, (o->>'id')::uuid, (p->>'id')::uuid, p->>'name', p->>'image', p->>'category', (p->>'price')::int, (p->>'quantity')::int,
      coalesce(p_substitutes[(p->>'ord')::int],
        (SELECT c.substitute FROM cart_items c WHERE c.user_id = p_user_id AND c.product_id = (p->>'id')::uuid), v_substitute_default),
      coalesce(p_line_discounts[(p->>'ord')::int], 0)
    FROM jsonb_array_elements(v_products) p JOIN jsonb_array_elements(v_orders) o ON o->>'sellerId' = p->>'seller';
  -- Cash on delivery is placed now: its confirmation is queued in the same transaction, so it exists
  -- iff the orders do (docs/decisions/0083); one for the whole checkout, queued on its first order and
  -- composed from all of them. An online checkout's is queued when its payment arrives.
  IF p_payment_type = 'COD' THEN
    WITH emptied AS (DELETE FROM cart_items WHERE user_id = p_user_id)
    INSERT INTO mail_outbox (order_id, kind) VALUES ((v_orders->0->>'id')::uuid, 'confirmation');
  END IF;
  PERFORM set_config('greencart.notify_after_commit', 'off', true);
  -- What the caller needs, not the rows written (decision 0087): each shop order's id, number, window, shop, amount, tax and
  -- lines (a card payment's), the shopper's address to send the receipt to, whether the catalogue changed, and
  -- the shopper's earlier checkouts still waiting for a payment, which this one replaces (decision 0224; the
  -- new one's own session is not set yet; read from orders_user_waiting_idx).
  RETURN jsonb_build_object('placed', p_order_id, 'email', v_email,
    'waitingSessions', (SELECT coalesce(jsonb_agg(DISTINCT w.payment_session_id), '[]'::jsonb) FROM orders w
      WHERE w.user_id = p_user_id AND w.payment_type = 'Online' AND NOT w.is_paid AND w.status = 'Order Placed' AND w.payment_session_id IS NOT NULL),
    'orders', (SELECT jsonb_agg(o || jsonb_build_object(
        'seller', (SELECT jsonb_build_object('id', s.id, 'shopName', s.shop_name, 'slug', s.slug) FROM sellers s WHERE s.id = (o->>'sellerId')::uuid),
        'lines',
        (SELECT jsonb_agg(jsonb_build_object('name', p->'name', 'unitPriceMinor', p->'price', 'quantity', p->'quantity',
            'discountMinor', coalesce(p_line_discounts[(p->>'ord')::int], 0)))
          FROM jsonb_array_elements(v_products) p WHERE p->>'seller' = o->>'sellerId'))) FROM jsonb_array_elements(v_orders) o),
    'stockTaken', (SELECT coalesce(jsonb_agg(p->'id'), '[]'::jsonb) FROM jsonb_array_elements(v_products) p WHERE (p->>'taken')::boolean));
END;
$$;
