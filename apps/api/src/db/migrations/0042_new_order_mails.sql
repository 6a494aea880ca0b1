ALTER TABLE "scheduled_runs" ADD COLUMN "done_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sellers" ADD COLUMN "order_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;