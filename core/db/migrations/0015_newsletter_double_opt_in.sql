ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirm_token" text;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "promo_code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_confirm_token_idx" ON "newsletter_subscriptions" USING btree ("confirm_token");--> statement-breakpoint
-- Addresses subscribed before double opt-in stay subscribed, without a promo code.
UPDATE "newsletter_subscriptions" SET "confirmed_at" = "created_at" WHERE "confirmed_at" IS NULL;
