ALTER TABLE "categories" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "hs_code" text;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "origin_country" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "documents" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_hs_code" CHECK ("categories"."hs_code" ~ '^[0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_origin_country" CHECK ("categories"."origin_country" ~ '^[A-Z]{2}$');--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_hs_code" CHECK ("product_groups"."hs_code" ~ '^[0-9]{6,10}$');--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_origin_country" CHECK ("product_groups"."origin_country" ~ '^[A-Z]{2}$');