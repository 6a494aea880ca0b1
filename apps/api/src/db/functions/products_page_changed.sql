-- products_page_changed: a product's `updated_at` is when what its page shows last changed (the sitemap's lastmod,
-- issue 27): its name, description, category, prices, images, weight or net quantity, availability or retirement.
-- Whatever writes the row (the seller's form, an import, a stock switch, checkout selling the last unit). A count
-- going down at checkout changes nothing shown (availability aside), so the trigger's WHEN leaves it: checkout pays
-- no function call for it. Applied at every start after the migrations (db/functions.ts, decision 0106).
-- BEFORE triggers fire in the order of their names, and the WHEN below reads the row as the earlier ones left it:
-- named `products_updated_at`, it comes after `products_stock_sets_in_stock` (migration 0011), so a count set to 0
-- (or back from 0) is seen as the availability change it makes. Its first name, `products_page_changed`, came first.
CREATE OR REPLACE FUNCTION products_page_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS products_page_changed ON products;
CREATE OR REPLACE TRIGGER products_updated_at BEFORE UPDATE ON products FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description OR OLD.category IS DISTINCT FROM NEW.category
    OR OLD.price_minor IS DISTINCT FROM NEW.price_minor OR OLD.offer_price_minor IS DISTINCT FROM NEW.offer_price_minor
    OR OLD.images IS DISTINCT FROM NEW.images OR OLD.in_stock IS DISTINCT FROM NEW.in_stock OR OLD.weight IS DISTINCT FROM NEW.weight
    OR OLD.net_amount IS DISTINCT FROM NEW.net_amount OR OLD.net_unit IS DISTINCT FROM NEW.net_unit OR OLD.retired_at IS DISTINCT FROM NEW.retired_at)
  EXECUTE FUNCTION products_page_changed();
