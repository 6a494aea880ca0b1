DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "products_in_stock_order_idx";--> statement-breakpoint
DROP INDEX "products_category_order_idx";--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("stock","id") WHERE "products"."stock" is not null and "products"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id") WHERE "products"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "products_in_stock_order_idx" ON "products" USING btree ("created_at","id") WHERE "products"."in_stock" and "products"."retired_at" is null;--> statement-breakpoint
CREATE INDEX "products_category_order_idx" ON "products" USING btree ("category","created_at","id") WHERE "products"."in_stock" and "products"."retired_at" is null;--> statement-breakpoint
-- A counted product is out of stock whenever its count is 0, and back in stock when units come back
-- after 0 (or a count is first set) to a product still sold: whatever writes the count, the seller, checkout or a returned
-- order (docs/decisions/0071). A count that moves between positive numbers leaves the flag alone, so a
-- product the seller took out of stock stays out.
CREATE FUNCTION products_stock_sets_in_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.stock = 0 THEN
    NEW.in_stock := false;
  ELSIF NEW.stock > 0 AND TG_OP = 'UPDATE' AND coalesce(OLD.stock, 0) = 0 AND NEW.stock IS DISTINCT FROM OLD.stock
        AND NEW.retired_at IS NULL THEN
    NEW.in_stock := true;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_stock_sets_in_stock BEFORE INSERT OR UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION products_stock_sets_in_stock();
--> statement-breakpoint
-- Rows written before the trigger keep the rule too.
UPDATE products SET in_stock = false WHERE stock = 0 AND in_stock;
