CREATE TABLE "categories" (
	"slug" text PRIMARY KEY NOT NULL,
	"parent_slug" text,
	"name" jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"synchronization_section" text
);
--> statement-breakpoint
CREATE TABLE "collection_groups" (
	"collection_slug" text NOT NULL,
	"group_id" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "collection_groups_collection_slug_group_id_pk" PRIMARY KEY("collection_slug","group_id")
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"slug" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"cover_src" text,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photo_tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"src" text NOT NULL,
	"group_id" text NOT NULL,
	"left" integer NOT NULL,
	"top" integer NOT NULL,
	"name" text NOT NULL,
	"path" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"max_width" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "photo_tags_position" CHECK ("photo_tags"."left" between 0 and 100 and "photo_tags"."top" between 0 and 100),
	CONSTRAINT "photo_tags_max_width" CHECK ("photo_tags"."max_width" between 0 and 300 and "photo_tags"."max_width" % 10 = 0)
);
--> statement-breakpoint
CREATE TABLE "product_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"art" text NOT NULL,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"composition" jsonb NOT NULL,
	"care" jsonb NOT NULL,
	"category_slug" text NOT NULL,
	"color_name" jsonb NOT NULL,
	"color_hex" text NOT NULL,
	"price" integer NOT NULL,
	"old_price" integer,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_bestseller" boolean DEFAULT false NOT NULL,
	"barcode" text,
	"synchronization_section" text,
	"size_table_id" text,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_groups_price_positive" CHECK ("product_groups"."price" >= 0),
	CONSTRAINT "product_groups_old_price_above" CHECK ("product_groups"."old_price" is null or "product_groups"."old_price" > "product_groups"."price")
);
--> statement-breakpoint
CREATE TABLE "product_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"src" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"high_quality" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"src" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "size_tables" (
	"id" text PRIMARY KEY NOT NULL,
	"title" jsonb NOT NULL,
	"items" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "variant_products" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"size" text NOT NULL,
	"color" text NOT NULL,
	"barcode" text NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"preorder" boolean DEFAULT false NOT NULL,
	"notification" boolean DEFAULT false NOT NULL,
	CONSTRAINT "variant_products_stock_nonnegative" CHECK ("variant_products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "currency_rates" (
	"currency" text NOT NULL,
	"date" text NOT NULL,
	"rate4" integer NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "currency_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE TABLE "custom_page_categories" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text DEFAULT 'Категория' NOT NULL,
	"slug" text NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_page_categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "custom_pages" (
	"id" text PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"sections" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"src" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"category_id" text,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"index" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "custom_pages_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_slug_categories_slug_fk" FOREIGN KEY ("parent_slug") REFERENCES "public"."categories"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "collection_groups" ADD CONSTRAINT "collection_groups_collection_slug_collections_slug_fk" FOREIGN KEY ("collection_slug") REFERENCES "public"."collections"("slug") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "collection_groups" ADD CONSTRAINT "collection_groups_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "photo_tags" ADD CONSTRAINT "photo_tags_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_category_slug_categories_slug_fk" FOREIGN KEY ("category_slug") REFERENCES "public"."categories"("slug") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_size_table_id_size_tables_id_fk" FOREIGN KEY ("size_table_id") REFERENCES "public"."size_tables"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "product_videos" ADD CONSTRAINT "product_videos_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "variant_products" ADD CONSTRAINT "variant_products_group_id_product_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."product_groups"("id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "custom_pages" ADD CONSTRAINT "custom_pages_category_id_custom_page_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."custom_page_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_slug","position");--> statement-breakpoint
CREATE INDEX "collection_groups_group_idx" ON "collection_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "photo_tags_photo_idx" ON "photo_tags" USING btree ("group_id","src");--> statement-breakpoint
CREATE INDEX "product_groups_category_idx" ON "product_groups" USING btree ("category_slug","position");--> statement-breakpoint
CREATE INDEX "product_groups_art_idx" ON "product_groups" USING btree ("art");--> statement-breakpoint
CREATE INDEX "product_photos_group_idx" ON "product_photos" USING btree ("group_id","position");--> statement-breakpoint
CREATE INDEX "product_videos_group_idx" ON "product_videos" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "variant_products_group_idx" ON "variant_products" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "variant_products_barcode_idx" ON "variant_products" USING btree ("barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "variant_products_group_size_idx" ON "variant_products" USING btree ("group_id","size");--> statement-breakpoint
CREATE INDEX "custom_pages_category_idx" ON "custom_pages" USING btree ("category_id","index");