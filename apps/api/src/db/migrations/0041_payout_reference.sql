ALTER TABLE "payouts" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_reference_length" CHECK (char_length("payouts"."reference") <= 64);