-- Issue 12: a product or one of its sizes selling out, or coming back, changes what the cached
-- pages show (the 'Brak' badge, a disabled size, the buy button), so that crossing of zero
-- notifies 'catalogue' like the other visible columns. Other stock moves (every order) still do not.
-- One function sends the notices; the triggers of 0009 use it too.
CREATE FUNCTION "catalogue_notify_clubs"(orgs integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('club_changes', json_build_object('organisationId', org, 'topic', 'catalogue')::text)
  FROM unnest(orgs) AS org;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_notify_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_clubs(ARRAY(SELECT DISTINCT organisation_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "catalogue_notify_product_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_clubs(ARRAY(
    SELECT DISTINCT n.organisation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.active, n.category_id, n.position, n.name, n.price_gross, n.requires_parameter, n.archived_at, n.organisation_id, n.stock > 0)
      IS DISTINCT FROM (o.active, o.category_id, o.position, o.name, o.price_gross, o.requires_parameter, o.archived_at, o.organisation_id, o.stock > 0)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_notify_parameter_availability"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM catalogue_notify_clubs(ARRAY(
    SELECT DISTINCT n.organisation_id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (n.stock > 0) IS DISTINCT FROM (o.stock > 0)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_parameters_availability" AFTER UPDATE ON "product_parameters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_notify_parameter_availability"();
