CREATE TABLE "cart_reminders" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"variant_ids" jsonb NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"cause" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"variant_id" text NOT NULL,
	"group_id" text NOT NULL,
	"name" text NOT NULL,
	"size" text NOT NULL,
	"barcode" text NOT NULL,
	"category" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"count" integer NOT NULL,
	"reserved" integer NOT NULL,
	CONSTRAINT "order_lines_count_range" CHECK ("order_lines"."count" between 1 and 100),
	CONSTRAINT "order_lines_reserved_range" CHECK ("order_lines"."reserved" between 0 and "order_lines"."count")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1),
	"status" text NOT NULL,
	"locale" text NOT NULL,
	"display_currency" text DEFAULT 'RUB' NOT NULL,
	"get_way" text NOT NULL,
	"payment" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"delivery" jsonb NOT NULL,
	"goods_total" integer NOT NULL,
	"goods_payable" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"promo_code" text,
	"promo_percent" integer DEFAULT 0 NOT NULL,
	"promo_discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"payer_phone" text,
	"instalment_months" integer,
	"payment_provider" text,
	"payment_id" text,
	"payment_url" text,
	"consent_version" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_ip" text NOT NULL,
	"access_key" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_total_nonnegative" CHECK ("orders"."total" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_percent_range" CHECK ("promo_codes"."percent" between 1 and 100),
	CONSTRAINT "promo_codes_used_within_limit" CHECK ("promo_codes"."usage_limit" is null or "promo_codes"."used_count" <= "promo_codes"."usage_limit")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"token" text PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"schedule" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_reminders_phone_idx" ON "cart_reminders" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_status_expires_idx" ON "orders" USING btree ("status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_payment_id_idx" ON "orders" USING btree ("payment_id");