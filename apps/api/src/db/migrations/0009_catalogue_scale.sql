-- Issue 12: storefront catalogue queries that do not grow with the catalogue.
-- The storefront lists only active products, by (position, id): a partial index in that order, with
-- the category alongside, lets a page (and the per-club id list the API caches) be an index-only scan.
CREATE INDEX "products_storefront" ON "products" USING btree ("organisation_id","position","id") INCLUDE ("category_id") WHERE "active";
--> statement-breakpoint
-- One category's active products in list order (the category filter without the cache).
CREATE INDEX "products_storefront_cat" ON "products" USING btree ("organisation_id","category_id","position","id") WHERE "active";
--> statement-breakpoint
-- A product's first photo (list pages, cart, history) straight from the index, without a sort.
CREATE INDEX "product_photos_first" ON "product_photos" USING btree ("product_id","position","id") INCLUDE ("organisation_id","file_name");
--> statement-breakpoint
-- The recursive category walk goes from a category to its children.
CREATE INDEX "categories_org_parent" ON "categories" USING btree ("organisation_id","parent_id");
--> statement-breakpoint
-- The catalogue caches of every process (category tree, counts, id lists, sitemap) hear of every
-- write that changes them on the change bus (topic 'catalogue', as notifyChange sends it), whichever
-- code path wrote: panel, CLI, seed or SQL. NOTIFY goes out at commit, one per club per statement.
-- Stock-only updates (every order) do not notify: none of those caches holds stock.
CREATE FUNCTION "catalogue_notify_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE org integer;
BEGIN
  FOR org IN SELECT DISTINCT organisation_id FROM changed_rows LOOP
    PERFORM pg_notify('club_changes', json_build_object('organisationId', org, 'topic', 'catalogue')::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_notify_product_update"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE org integer;
BEGIN
  FOR org IN
    SELECT DISTINCT n.organisation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.active, n.category_id, n.position, n.name, n.price_gross, n.requires_parameter, n.archived_at, n.organisation_id)
      IS DISTINCT FROM (o.active, o.category_id, o.position, o.name, o.price_gross, o.requires_parameter, o.archived_at, o.organisation_id)
  LOOP
    PERFORM pg_notify('club_changes', json_build_object('organisationId', org, 'topic', 'catalogue')::text);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_rows"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_rows"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_product_update"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_rows"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_update" AFTER UPDATE ON "categories" REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_rows"();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_rows"();
