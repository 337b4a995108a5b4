CREATE TABLE "exchange_orders" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"session" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"taken_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exchange_orders" ADD CONSTRAINT "exchange_orders_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;