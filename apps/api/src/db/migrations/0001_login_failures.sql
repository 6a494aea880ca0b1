CREATE TABLE "login_failures" (
	"account" text NOT NULL,
	"email" text NOT NULL,
	"failures" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_failures_account_email_pk" PRIMARY KEY("account","email")
);
--> statement-breakpoint
CREATE INDEX "login_failures_window_idx" ON "login_failures" USING btree ("window_started_at");