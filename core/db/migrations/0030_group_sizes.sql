ALTER TABLE "product_groups" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "sizes_on_sale" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_groups" ADD COLUMN "sellable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The sizes of each group and those on sale, kept by the database on every write to
-- variant_products (orders, returns, the 1C import, the back office, seeds), so no app code has
-- to remember them (docs/decisions/0040-catalogue-at-scale.md). Statement-level triggers with
-- transition tables: a bulk write recomputes each touched group once.
CREATE FUNCTION "product_groups_refresh_sizes"(group_ids text[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "product_groups" g
  SET "sizes" = s.sizes, "sizes_on_sale" = s.sizes_on_sale, "sellable" = s.sellable
  FROM (SELECT DISTINCT id FROM unnest(group_ids) AS t(id)) t
  CROSS JOIN LATERAL (
    SELECT
      coalesce(array_agg(DISTINCT v."size") FILTER (WHERE v."size" <> ''), '{}'::text[]) AS sizes,
      coalesce(array_agg(DISTINCT v."size") FILTER (WHERE v."size" <> '' AND (v."stock" > 0 OR v."preorder")), '{}'::text[]) AS sizes_on_sale,
      coalesce(bool_or(v."stock" > 0 OR v."preorder"), false) AS sellable
    FROM "variant_products" v
    WHERE v."group_id" = t.id
  ) s
  WHERE g."id" = t.id
    AND (g."sizes", g."sizes_on_sale", g."sellable") IS DISTINCT FROM (s.sizes, s.sizes_on_sale, s.sellable);
$$;
--> statement-breakpoint
CREATE FUNCTION "variant_products_refresh_group_sizes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "product_groups_refresh_sizes"(ARRAY(SELECT DISTINCT n."group_id" FROM new_rows n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "product_groups_refresh_sizes"(ARRAY(SELECT DISTINCT o."group_id" FROM old_rows o));
  ELSE
    -- Only rows whose group, size or being on sale changed: a stock count moving from 5 to 4
    -- (most of a 1C import) touches no group.
    PERFORM "product_groups_refresh_sizes"(ARRAY(
      SELECT x.group_id
      FROM new_rows n
      FULL JOIN old_rows o ON o."id" = n."id"
      CROSS JOIN LATERAL (VALUES (n."group_id"), (o."group_id")) AS x(group_id)
      WHERE x.group_id IS NOT NULL
        AND (n."id" IS NULL OR o."id" IS NULL
          OR n."group_id" <> o."group_id" OR n."size" <> o."size"
          OR (n."stock" > 0 OR n."preorder") <> (o."stock" > 0 OR o."preorder"))
    ));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "variant_products_sizes_insert" AFTER INSERT ON "variant_products"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "variant_products_refresh_group_sizes"();
--> statement-breakpoint
CREATE TRIGGER "variant_products_sizes_update" AFTER UPDATE ON "variant_products"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "variant_products_refresh_group_sizes"();
--> statement-breakpoint
CREATE TRIGGER "variant_products_sizes_delete" AFTER DELETE ON "variant_products"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "variant_products_refresh_group_sizes"();
--> statement-breakpoint
-- The groups there already are.
SELECT "product_groups_refresh_sizes"(ARRAY(SELECT DISTINCT "group_id" FROM "variant_products"));
--> statement-breakpoint
CREATE INDEX "product_groups_sizes_idx" ON "product_groups" USING gin ("sizes");--> statement-breakpoint
CREATE INDEX "product_groups_sizes_on_sale_idx" ON "product_groups" USING gin ("sizes_on_sale");--> statement-breakpoint
CREATE INDEX "product_groups_listing_position_idx" ON "product_groups" USING btree ("position","id") WHERE "product_groups"."published";--> statement-breakpoint
CREATE INDEX "product_groups_listing_price_idx" ON "product_groups" USING btree ("price","position","id") WHERE "product_groups"."published";--> statement-breakpoint
CREATE INDEX "product_groups_listing_price_desc_idx" ON "product_groups" USING btree ("price" DESC NULLS FIRST,"position","id") WHERE "product_groups"."published";--> statement-breakpoint
CREATE INDEX "product_groups_listing_new_idx" ON "product_groups" USING btree ("is_new" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"position","id") WHERE "product_groups"."published";
