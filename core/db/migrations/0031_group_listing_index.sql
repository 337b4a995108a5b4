-- The price order's index also carries every column a listing filters on, so a count of
-- 100,000 groups and a scope's size options read this narrow index (index-only) instead of the
-- wide rows (docs/decisions/0040-catalogue-at-scale.md).
DROP INDEX "product_groups_listing_price_idx";--> statement-breakpoint
CREATE INDEX "product_groups_listing_idx" ON "product_groups" USING btree ("price","position","id","category_slug","old_price","sellable","sizes","sizes_on_sale") WHERE "product_groups"."published";