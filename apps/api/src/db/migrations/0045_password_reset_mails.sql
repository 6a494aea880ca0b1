-- A shopper's password-reset mail (decision 0254): the outbox's third subject, beside an order and a shop.
ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_subject";--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "mail_outbox" USING btree ("user_id","created_at") WHERE "mail_outbox"."user_id" is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_subject" CHECK ("mail_outbox"."order_id" is not null or "mail_outbox"."seller_id" is not null or "mail_outbox"."user_id" is not null);