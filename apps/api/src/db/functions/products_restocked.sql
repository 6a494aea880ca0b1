-- products_restocked: a product put back in stock while shoppers wait to hear of it (decision 0290) is queued in
-- `restocks`, in the transaction that put it back (the seller's switch or count, an import, a cancel giving units back),
-- so it is queued iff that commits; a job then turns each waiting shopper's alert into a mail. Only a change from out of
-- stock to in stock calls it (the WHEN: checkout's sales never do), and only a product someone waits for is queued
-- (one index probe). The job takes a queued product with FOR UPDATE SKIP LOCKED and locks no product, so this insert
-- (after the product's own row lock) waits on nothing but another put-back of the same product.
-- Applied at every start after the migrations (db/functions.ts, decision 0106).
CREATE OR REPLACE FUNCTION products_restocked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO restocks (product_id)
    SELECT NEW.id WHERE EXISTS (SELECT 1 FROM stock_alerts WHERE product_id = NEW.id)
    ON CONFLICT (product_id) DO NOTHING;
  RETURN NULL;
END $$;
-- Not `UPDATE OF in_stock`: that fires only when the statement names the column, and a count set above 0 puts the
-- product back through `products_stock_sets_in_stock` (migration 0011) without naming it.
CREATE OR REPLACE TRIGGER products_restocked AFTER UPDATE ON products FOR EACH ROW
  WHEN (NOT OLD.in_stock AND NEW.in_stock)
  EXECUTE FUNCTION products_restocked();
