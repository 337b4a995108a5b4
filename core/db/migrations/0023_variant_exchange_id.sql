ALTER TABLE "variant_products" ADD COLUMN "exchange_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "variant_products_exchange_idx" ON "variant_products" USING btree ("exchange_id");