ALTER TABLE "users" ADD COLUMN "marketing_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_consent_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_consent_version" text;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD COLUMN "outcome" text;