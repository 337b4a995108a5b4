ALTER TABLE "sign_in_codes" ADD COLUMN "client" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
-- A phone on an account that gave consent came through a sign-in code (sign-in or the profile, both
-- need one); only operator:create wrote phones without a code, and it records no consent.
UPDATE "users" SET "phone_verified" = true WHERE "phone" IS NOT NULL AND "consent_version" IS NOT NULL;
