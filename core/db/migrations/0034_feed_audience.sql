ALTER TABLE "categories" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "age_group" text;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_age_group" CHECK ("categories"."age_group" in ('newborn', 'infant', 'toddler', 'kids', 'adult'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_gender" CHECK ("categories"."gender" in ('male', 'female', 'unisex'));--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_age_group" CHECK ("product_groups"."age_group" in ('newborn', 'infant', 'toddler', 'kids', 'adult'));--> statement-breakpoint
ALTER TABLE "product_groups" ADD CONSTRAINT "product_groups_gender" CHECK ("product_groups"."gender" in ('male', 'female', 'unisex'));