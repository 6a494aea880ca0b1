-- A shop charges at most Rs 1,000 for a delivery (DELIVERY_FEE_MAX, decision 0276): a higher fee saved before is that.
UPDATE "shop_delivery" SET "fee_minor" = 100000 WHERE "fee_minor" > 100000;--> statement-breakpoint
ALTER TABLE "shop_delivery" ADD CONSTRAINT "shop_delivery_fee_max" CHECK ("shop_delivery"."fee_minor" <= 100000);
