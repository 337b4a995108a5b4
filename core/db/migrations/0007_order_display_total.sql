ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "display_total" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "display_rate4" integer;