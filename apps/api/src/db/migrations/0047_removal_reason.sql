-- Why the operator removed a shop's product (decision 0229 amended), for the shop's list of deleted products.
ALTER TABLE "products" ADD COLUMN "removal_reason" text;