CREATE TABLE "order_buyouts" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"status" text NOT NULL,
	"kept" jsonb NOT NULL,
	"kept_amount" bigint NOT NULL,
	"returned_amount" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"receipt" jsonb,
	"payment_provider" text,
	"payment_id" text,
	"payment_url" text,
	"payment_state" text NOT NULL,
	"refund_id" text,
	"version" integer DEFAULT 0 NOT NULL,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "order_buyouts_amounts_nonnegative" CHECK ("order_buyouts"."amount" >= 0 and "order_buyouts"."kept_amount" >= 0 and "order_buyouts"."returned_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_buyouts" ADD CONSTRAINT "order_buyouts_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_buyouts" ADD CONSTRAINT "order_buyouts_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_buyouts_payment_id_idx" ON "order_buyouts" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "order_buyouts_status_idx" ON "order_buyouts" USING btree ("status");