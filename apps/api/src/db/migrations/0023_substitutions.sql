ALTER TABLE "cart_items" ADD COLUMN "substitute" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute" text DEFAULT 'similar' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "picked_quantity" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "substitute_for" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "picked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pick_reduction_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "substitute_default" text DEFAULT 'similar' NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_substitute" CHECK ("cart_items"."substitute" in ('similar', 'none'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_substitute" CHECK ("order_items"."substitute" in ('similar', 'none'));--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_picked_range" CHECK ("order_items"."picked_quantity" between 0 and "order_items"."quantity");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_substitute_default" CHECK ("users"."substitute_default" in ('similar', 'none'));