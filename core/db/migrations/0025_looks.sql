CREATE TABLE "looks" (
	"id" text PRIMARY KEY NOT NULL,
	"src" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "looks_index_idx" ON "looks" USING btree ("index");