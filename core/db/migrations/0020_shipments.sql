CREATE TABLE "shipments" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"carrier" text NOT NULL,
	"carrier_id" text NOT NULL,
	"tracking_number" text,
	"status_code" text,
	"status_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_carrier_known" CHECK ("shipments"."carrier" in ('sdek', 'boxberry', 'dhl'))
);
--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_carrier_id_idx" ON "shipments" USING btree ("carrier","carrier_id");--> statement-breakpoint
CREATE INDEX "shipments_open_idx" ON "shipments" USING btree ("updated_at") WHERE "shipments"."status_code" is distinct from 'DELIVERED';