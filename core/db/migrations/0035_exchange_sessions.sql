CREATE TABLE "exchange_catalogue_sessions" (
	"session" text PRIMARY KEY NOT NULL,
	"opened_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_hidden_groups" (
	"group_id" text PRIMARY KEY NOT NULL,
	"hidden_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exchange_session_groups" (
	"session" text NOT NULL,
	"group_id" text NOT NULL,
	CONSTRAINT "exchange_session_groups_session_group_id_pk" PRIMARY KEY("session","group_id")
);
--> statement-breakpoint
ALTER TABLE "exchange_hidden_groups" ADD CONSTRAINT "exchange_hidden_groups_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "exchange_session_groups" ADD CONSTRAINT "exchange_session_groups_session_exchange_catalogue_sessions_session_fk" FOREIGN KEY ("session") REFERENCES "public"."exchange_catalogue_sessions"("session") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_session_groups" ADD CONSTRAINT "exchange_session_groups_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;