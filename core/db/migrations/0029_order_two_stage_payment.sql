ALTER TABLE "orders" ADD COLUMN "payment_two_stage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_captured_at" timestamp with time zone;