ALTER TABLE "orders" DROP CONSTRAINT "orders_consent_channel";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'shop' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "taken_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source" CHECK ("orders"."source" in ('shop', 'phone'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_consent_channel" CHECK ("orders"."consent_channel" in ('web', 'app', 'phone'));