ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- The products listed before: their page last changed when they were listed, as far as anyone knows.
UPDATE "products" SET "updated_at" = "created_at";
