CREATE TABLE "mail_outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("due_at") WHERE "mail_outbox"."sent_at" is null and "mail_outbox"."failed_at" is null;--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at");--> statement-breakpoint
-- A queued mail wakes the senders of every instance after the commit (docs/decisions/0083), with the
-- notify_channel() of migration 0013; one notification per statement, however many rows it queued.
CREATE TRIGGER mail_outbox_notify_queued AFTER INSERT ON mail_outbox
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('mail_queued');
--> statement-breakpoint
-- place_order of migration 0012 (docs/decisions/0065), unchanged but for queueing the confirmation of a
-- cash-on-delivery order in its own statement: checkout stays one round trip. Not a trigger on orders:
-- the synthetic orders of `npm run seed` must not mail their made-up shoppers.
CREATE OR REPLACE FUNCTION place_order(
  p_user_id uuid,
  p_address_id uuid,
  p_payment_type text,
  p_product_ids uuid[],
  p_quantities int[],
  p_line_ids uuid[],
  p_order_id uuid,
  p_since timestamptz,
  p_tax_percent int
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_email text;
  v_address jsonb;
  v_duplicate uuid;
  v_products jsonb;
  v_refusal jsonb;
  v_subtotal bigint;
  v_tax bigint;
  v_order jsonb;
  v_lines jsonb;
BEGIN
  -- The shopper's row, locked: their checkouts take turns. Only the users row is locked.
  SELECT u.email, to_jsonb(a) INTO v_email, v_address
    FROM users u LEFT JOIN addresses a ON a.id = p_address_id AND a.user_id = u.id
    WHERE u.id = p_user_id FOR UPDATE OF u;
  IF NOT FOUND THEN RETURN jsonb_build_object('refused', 'user'); END IF;
  IF v_address IS NULL THEN RETURN jsonb_build_object('refused', 'address'); END IF;

  -- The same checkout sent again: lines compared as sorted "product x quantity" arrays.
  SELECT o.id INTO v_duplicate FROM orders o
    WHERE o.user_id = p_user_id AND o.created_at >= p_since AND o.status <> 'Cancelled'
      AND o.address_id = p_address_id AND o.payment_type = p_payment_type
      AND array(SELECT i.product_id || 'x' || i.quantity FROM order_items i WHERE i.order_id = o.id ORDER BY 1)
        = array(SELECT w.id || 'x' || w.quantity FROM unnest(p_product_ids, p_quantities) AS w(id, quantity) ORDER BY 1)
    ORDER BY o.created_at DESC LIMIT 1;
  IF v_duplicate IS NOT NULL THEN RETURN jsonb_build_object('duplicate', v_duplicate); END IF;

  -- Counted products locked in id order and their units taken where enough are left; products not
  -- counted share-locked (decision 0064). The values kept are the locked rows'.
  WITH wanted AS (SELECT * FROM unnest(p_product_ids, p_quantities, p_line_ids) AS w(id, quantity, line_id)),
  counted AS (
    SELECT id, name, category, offer_price_minor, images, in_stock, retired_at, stock FROM products
      WHERE id IN (SELECT id FROM wanted) AND stock IS NOT NULL ORDER BY id FOR UPDATE
  ),
  not_counted AS (
    SELECT id, name, category, offer_price_minor, images, in_stock, retired_at, stock FROM products
      WHERE id IN (SELECT id FROM wanted) AND stock IS NULL FOR SHARE
  ),
  taken AS (
    UPDATE products p SET stock = c.stock - w.quantity, in_stock = c.stock > w.quantity
      FROM counted c JOIN wanted w ON w.id = c.id
      WHERE p.id = c.id AND c.stock >= w.quantity AND c.in_stock AND c.retired_at IS NULL
      RETURNING p.id
  ),
  found AS (
    SELECT c.*, c.id IN (SELECT id FROM taken) AS taken FROM counted c
    UNION ALL SELECT n.*, false FROM not_counted n
  )
  SELECT jsonb_agg(jsonb_build_object('id', f.id, 'name', f.name, 'category', f.category, 'price', f.offer_price_minor,
      'image', f.images->>0, 'quantity', w.quantity, 'line_id', w.line_id, 'sold_out', NOT f.in_stock OR f.retired_at IS NOT NULL OR f.stock = 0,
      'short', f.stock IS NOT NULL AND NOT f.taken, 'left', f.stock) ORDER BY w.ord)
    INTO v_products
    FROM found f JOIN (SELECT wanted.*, row_number() OVER () AS ord FROM wanted) w ON w.id = f.id;

  SELECT jsonb_build_object(
      'unknown', (SELECT coalesce(jsonb_agg(w.id), '[]') FROM unnest(p_product_ids) AS w(id)
        WHERE NOT EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'id')::uuid = w.id)),
      'soldOut', (SELECT coalesce(jsonb_agg(p->'name'), '[]') FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'sold_out')::boolean),
      'short', (SELECT coalesce(jsonb_agg(jsonb_build_object('name', p->'name', 'left', p->'left')), '[]')
        FROM jsonb_array_elements(coalesce(v_products, '[]')) p WHERE (p->>'short')::boolean AND NOT (p->>'sold_out')::boolean))
    INTO v_refusal;
  IF v_refusal->'unknown' <> '[]' OR v_refusal->'soldOut' <> '[]' OR v_refusal->'short' <> '[]' THEN
    RAISE EXCEPTION USING ERRCODE = 'GC409', MESSAGE = 'order refused: products', DETAIL = v_refusal::text;
  END IF;

  SELECT sum((p->>'price')::bigint * (p->>'quantity')::int) INTO v_subtotal FROM jsonb_array_elements(v_products) p;
  v_tax := (v_subtotal * p_tax_percent) / 100;
  INSERT INTO orders (id, user_id, address_id, address, subtotal_minor, tax_minor, amount_minor, payment_type)
    VALUES (p_order_id, p_user_id, p_address_id,
      jsonb_build_object('firstName', v_address->'first_name', 'lastName', v_address->'last_name', 'email', v_address->'email',
        'street', v_address->'street', 'city', v_address->'city', 'state', v_address->'state', 'zipcode', v_address->'zipcode',
        'country', v_address->'country', 'phone', v_address->'phone'),
      v_subtotal, v_tax, v_subtotal + v_tax, p_payment_type)
    RETURNING to_jsonb(orders.*) INTO v_order;
  WITH inserted AS (
    INSERT INTO order_items (id, order_id, product_id, name, image, category, unit_price_minor, quantity)
      SELECT (p->>'line_id')::uuid, p_order_id, (p->>'id')::uuid, p->>'name', p->>'image', p->>'category', (p->>'price')::int, (p->>'quantity')::int
      FROM jsonb_array_elements(v_products) p
      RETURNING *
  )
  SELECT jsonb_agg(to_jsonb(inserted.*)) INTO v_lines FROM inserted;
  -- Cash on delivery is placed now: its confirmation is queued in the same transaction, so it exists
  -- iff the order does (docs/decisions/0083). An online order's is queued when its payment arrives.
  IF p_payment_type = 'COD' THEN
    DELETE FROM cart_items WHERE user_id = p_user_id;
    INSERT INTO mail_outbox (order_id, kind) VALUES (p_order_id, 'confirmation');
  END IF;
  RETURN jsonb_build_object('order', v_order, 'lines', v_lines, 'email', v_email);
END;
$$;
