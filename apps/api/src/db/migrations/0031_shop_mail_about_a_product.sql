ALTER TABLE "mail_outbox" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;