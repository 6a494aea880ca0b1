-- Shop names are told apart without their ASCII punctuation and spaces: "Fresh Farm." was another shop's "Fresh Farm"
-- (a probe). The index serves the check of an application's or a rename's name (seller-repository.ts, `nameKey`).
CREATE INDEX "sellers_shop_name_key_idx" ON "sellers" USING btree (regexp_replace(lower("shop_name"), '[^a-z0-9\u0080-\U0010ffff]', '', 'g'));
