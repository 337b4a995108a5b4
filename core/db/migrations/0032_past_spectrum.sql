ALTER TABLE "orders" ADD COLUMN "hold_network" text;--> statement-breakpoint
CREATE INDEX "orders_hold_network_idx" ON "orders" USING btree ("hold_network");