ALTER TABLE "order_lines" ALTER COLUMN "price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "order_lines" ALTER COLUMN "old_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "goods_total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "goods_payable" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "delivery_price" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "promo_discount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "display_total" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "client_device" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "client_ip" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "device_id" text;--> statement-breakpoint
-- Only the newest pending reminder of a phone stays before the unique index is built.
DELETE FROM "cart_reminders" a USING "cart_reminders" b WHERE a."sent_at" IS NULL AND b."sent_at" IS NULL AND a."phone" = b."phone" AND a."id" < b."id";--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_pending_phone_idx" ON "cart_reminders" USING btree ("phone") WHERE "cart_reminders"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "orders_consent_ip_idx" ON "orders" USING btree ("consent_ip");--> statement-breakpoint
CREATE INDEX "orders_device_idx" ON "orders" USING btree ("device_id");