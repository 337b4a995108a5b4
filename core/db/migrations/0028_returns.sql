CREATE TABLE "defective_stock" (
	"variant_id" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "defective_stock_nonnegative" CHECK ("defective_stock"."count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_number" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"exchange_variant_id" text,
	"exchange_size" text,
	"exchange_reserved" integer DEFAULT 0 NOT NULL,
	"exchange_status" text DEFAULT 'none' NOT NULL,
	"exchange_tracking" text,
	"decision" text DEFAULT 'pending' NOT NULL,
	"decision_reason" text DEFAULT '' NOT NULL,
	"refund_amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_quantity_range" CHECK ("return_lines"."quantity" between 1 and 100)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "returns_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 5001 CACHE 1),
	"order_number" integer NOT NULL,
	"status" text NOT NULL,
	"method" text NOT NULL,
	"reason" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"locale" text NOT NULL,
	"carrier" text,
	"carrier_id" text,
	"carrier_code" text,
	"user_id" uuid,
	"created_ip" text DEFAULT '' NOT NULL,
	"refund_goods" bigint DEFAULT 0 NOT NULL,
	"refund_delivery" bigint DEFAULT 0 NOT NULL,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"provider_refund_id" text,
	"refund_receipt" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"received_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "returns_refund_nonnegative" CHECK ("returns"."refund_goods" >= 0 and "returns"."refund_delivery" >= 0)
);
--> statement-breakpoint
ALTER TABLE "defective_stock" ADD CONSTRAINT "defective_stock_variant_id_variant_products_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."variant_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_number_returns_number_fk" FOREIGN KEY ("return_number") REFERENCES "public"."returns"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_exchange_variant_id_variant_products_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."variant_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_number");--> statement-breakpoint
CREATE INDEX "return_lines_order_line_idx" ON "return_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");