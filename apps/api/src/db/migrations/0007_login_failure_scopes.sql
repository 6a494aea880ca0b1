-- Counters per e-mail, per (e-mail, address) and per address replace the per-e-mail lockout
-- (docs/decisions/0020). Open windows are transient and do not map onto the new scopes: they are dropped.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_account_email_pk";--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "scope" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" DROP COLUMN "email";--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_account_scope_key_pk" PRIMARY KEY("account","scope","key");--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_scope" CHECK ("login_failures"."scope" in ('email', 'email_address', 'address'));
