CREATE TABLE "mark_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"line_id" integer NOT NULL,
	"gtin" text NOT NULL,
	"serial" text NOT NULL,
	"code" text NOT NULL,
	"form" text NOT NULL,
	"scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" uuid,
	"returned_at" timestamp with time zone,
	CONSTRAINT "mark_codes_form" CHECK ("mark_codes"."form" in ('full', 'short'))
);
--> statement-breakpoint
CREATE TABLE "settlement_receipts" (
	"order_number" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"receipt" jsonb,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "settlement_receipts_status" CHECK ("settlement_receipts"."status" in ('pending', 'sent', 'failed', 'unsupported'))
);
--> statement-breakpoint
CREATE TABLE "order_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer NOT NULL,
	"text" text NOT NULL,
	"author_id" uuid,
	"author_label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_tags" (
	"order_number" integer NOT NULL,
	"tag" text NOT NULL,
	CONSTRAINT "order_tags_order_number_tag_pk" PRIMARY KEY("order_number","tag")
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "marked" boolean;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "marked" boolean;--> statement-breakpoint
ALTER TABLE "mark_codes" ADD CONSTRAINT "mark_codes_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_codes" ADD CONSTRAINT "mark_codes_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mark_codes" ADD CONSTRAINT "mark_codes_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_receipts" ADD CONSTRAINT "settlement_receipts_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_notes" ADD CONSTRAINT "order_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tags" ADD CONSTRAINT "order_tags_order_number_orders_number_fk" FOREIGN KEY ("order_number") REFERENCES "public"."orders"("number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mark_codes_live_unit_idx" ON "mark_codes" USING btree ("gtin","serial") WHERE "mark_codes"."returned_at" is null;--> statement-breakpoint
CREATE INDEX "mark_codes_order_idx" ON "mark_codes" USING btree ("order_number","line_id");--> statement-breakpoint
CREATE INDEX "settlement_receipts_status_idx" ON "settlement_receipts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "order_notes_order_idx" ON "order_notes" USING btree ("order_number","id");--> statement-breakpoint
CREATE INDEX "order_tags_tag_idx" ON "order_tags" USING btree ("tag");