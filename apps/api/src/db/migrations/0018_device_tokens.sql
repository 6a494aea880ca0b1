CREATE TABLE "server_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "login_failures" DROP CONSTRAINT "login_failures_scope";--> statement-breakpoint
ALTER TABLE "login_failures" ADD CONSTRAINT "login_failures_scope" CHECK ("login_failures"."scope" in ('email', 'email_address', 'address', 'device'));