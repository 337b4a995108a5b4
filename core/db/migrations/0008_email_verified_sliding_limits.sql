CREATE TABLE "limit_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "limit_events_key_idx" ON "limit_events" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "limit_events_at_idx" ON "limit_events" USING btree ("at");--> statement-breakpoint
-- Accounts that received a password by e-mail proved their address.
UPDATE "users" SET "email_verified" = true WHERE "password_hash" IS NOT NULL AND "email" IS NOT NULL;
