ALTER TABLE "return_lines" ADD COLUMN "exchange_carrier" text;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "exchange_carrier_id" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "pickup_point" text;