CREATE TABLE "promo_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prefix" text NOT NULL,
	"count" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" DROP CONSTRAINT "promo_codes_percent_range";--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "kind" text DEFAULT 'percent' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "amount" bigint;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "min_order" bigint;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "limit_to" jsonb DEFAULT '{"categories":[],"collections":[],"products":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "batch_id" uuid;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_batch_id_promo_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."promo_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_codes_batch_idx" ON "promo_codes" USING btree ("batch_id");--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_kind" CHECK ("promo_codes"."kind" in ('percent', 'amount', 'free_delivery'));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_percent_of_kind" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."percent" between 1 and 100) or ("promo_codes"."kind" <> 'percent' and "promo_codes"."percent" = 0));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_amount_of_kind" CHECK (("promo_codes"."kind" = 'amount' and "promo_codes"."amount" > 0) or ("promo_codes"."kind" <> 'amount' and "promo_codes"."amount" is null));--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_min_order_positive" CHECK ("promo_codes"."min_order" is null or "promo_codes"."min_order" > 0);