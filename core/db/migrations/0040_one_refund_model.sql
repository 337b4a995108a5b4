CREATE TABLE "order_refund_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"refund_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "order_refund_lines_positive" CHECK ("order_refund_lines"."quantity" > 0 and "order_refund_lines"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"state" text NOT NULL,
	"source" text NOT NULL,
	"return_number" integer,
	"amount" bigint NOT NULL,
	"delivery_amount" bigint DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"provider_key" text NOT NULL,
	"provider_refund_id" text,
	"receipt" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amounts" CHECK ("order_refunds"."amount" > 0 and "order_refunds"."delivery_amount" >= 0 and "order_refunds"."delivery_amount" <= "order_refunds"."amount")
);
--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_refund_id_order_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."order_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refund_lines" ADD CONSTRAINT "order_refund_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refund_lines_refund_idx" ON "order_refund_lines" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "order_refund_lines_order_line_idx" ON "order_refund_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "order_refunds_state_idx" ON "order_refunds" USING btree ("state","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_provider_key_idx" ON "order_refunds" USING btree ("provider_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_refunds_return_idx" ON "order_refunds" USING btree ("return_number");--> statement-breakpoint
-- The one refund model (docs/decisions/0048-one-refund-model.md): the refunds kept until now in
-- three places move here; the old table and columns stay, read by no code.
INSERT INTO "order_refunds" ("order_number", "state", "source", "amount", "delivery_amount", "reason", "provider_key", "provider_refund_id", "created_by", "created_at", "updated_at")
SELECT "order_number", "status", CASE WHEN "reason" LIKE 'cancelled%' THEN 'cancellation' ELSE 'staff' END, "amount", 0, "reason", 'order-' || "order_number" || '-refund-' || "id", "provider_refund_id", "created_by", "created_at", "created_at"
FROM "refunds" WHERE "amount" > 0;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_number", "state", "source", "return_number", "amount", "delivery_amount", "reason", "provider_key", "provider_refund_id", "receipt", "created_at", "updated_at")
SELECT "order_number", "refund_status", 'return', "number", "refund_goods" + "refund_delivery", "refund_delivery", 'return ' || "number", 'return-' || "number" || '-refund', "provider_refund_id", "refund_receipt", coalesce("decided_at", "updated_at"), "updated_at"
FROM "returns" WHERE "refund_status" IN ('started', 'succeeded', 'failed', 'manual') AND "refund_goods" + "refund_delivery" > 0;--> statement-breakpoint
INSERT INTO "order_refund_lines" ("refund_id", "order_line_id", "quantity", "amount")
SELECT r."id", l."order_line_id", l."quantity", l."refund_amount"
FROM "return_lines" l JOIN "order_refunds" r ON r."return_number" = l."return_number"
WHERE l."refund_amount" > 0;--> statement-breakpoint
INSERT INTO "order_refunds" ("order_number", "state", "source", "amount", "delivery_amount", "reason", "provider_key", "provider_refund_id", "receipt", "created_by", "created_at", "updated_at")
SELECT "order_number", CASE "status" WHEN 'refunded' THEN 'succeeded' WHEN 'refund_failed' THEN 'failed' ELSE 'started' END, 'buyout', "amount", 0, 'try-on goods handed back', 'order-' || "order_number" || '-buyout-refund', "refund_id", "receipt", "recorded_by", "created_at", "updated_at"
FROM "order_buyouts" WHERE "mode" = 'refund' AND "amount" > 0 AND "status" IN ('refund_started', 'refunded', 'refund_failed');
