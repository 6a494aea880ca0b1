-- Shop names are told apart without the accents of the combining diacritical blocks too: "Sharma Fresh Farṃ" (a dot
-- under its m) passed for "Sharma Fresh Farm" (a probe). The index serves the check of an application's or a rename's
-- name (seller-repository.ts, `nameKey`: the same expression). Names taken before keep their shops.
DROP INDEX IF EXISTS "sellers_shop_name_key_idx";--> statement-breakpoint
CREATE INDEX "sellers_shop_name_key_idx" ON "sellers" USING btree (regexp_replace(normalize(lower("shop_name"), NFD), '[^a-z0-9\u0080-\u02ff\u0370-\u1aaf\u1b00-\u1dbf\u1e00-\u20cf\u2100-\ufe1f\ufe30-\U0010ffff]', '', 'g'));
