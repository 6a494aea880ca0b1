CREATE TABLE "product_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "product_words_trgm_idx" ON "product_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- Every product name's words go into product_words as products are added or renamed.
CREATE FUNCTION product_words_from_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table(lower(NEW.name), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER products_words_on_write AFTER INSERT OR UPDATE OF name ON products
  FOR EACH ROW EXECUTE FUNCTION product_words_from_name();
--> statement-breakpoint
INSERT INTO product_words (word)
  SELECT DISTINCT w FROM products, regexp_split_to_table(lower(products.name), '[^[:alnum:]]+') AS w WHERE length(w) >= 3
  ON CONFLICT DO NOTHING;
