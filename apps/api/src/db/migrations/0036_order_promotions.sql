CREATE TABLE "order_promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"code_id" integer,
	"code" text,
	"name" text NOT NULL,
	"items_amount" integer NOT NULL,
	"shipping_amount" integer NOT NULL,
	CONSTRAINT "order_promotions_amounts" CHECK ("order_promotions"."items_amount" >= 0 AND "order_promotions"."shipping_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "promotion_code" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "items_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_promotions" ADD CONSTRAINT "order_promotions_code_id_promotion_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."promotion_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_promotions_order" ON "order_promotions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_promotions_promotion" ON "order_promotions" USING btree ("organisation_id","promotion_id");--> statement-breakpoint
-- A promotion's pricing as the placement read it: a change before the uses are taken prices the
-- order again (CS40R), as a product's change does.
CREATE FUNCTION promotions_version(p promotions) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(concat_ws('|', p.kind, p.percent_bp, p.amount, p.buy, p.get, p.bundle_components::text,
    p.bundle_price, p.scope_type, p.scope_ids::text, p.includes_printing, p.minimum, p.stackable))
$$;--> statement-breakpoint
-- Takes one use of each promotion an order used, and of its code: in promotion id order after the
-- products (one order of locks), each only while it is still on and under its limit, so the last
-- use of a single-use code goes to one order. CS413: the promotion is off or used up (MESSAGE its
-- name); CS414: the code is used up (MESSAGE the code); CS40R: its pricing changed since it was read.
CREATE FUNCTION take_promotion_uses(v_org int, promos jsonb) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  pm jsonb;
  v_version text;
BEGIN
  FOR pm IN SELECT value FROM jsonb_array_elements(coalesce(promos, '[]'::jsonb)) ORDER BY (value->>'id')::int LOOP
    UPDATE promotions SET used = used + 1
      WHERE id = (pm->>'id')::int AND organisation_id = v_org AND NOT paused AND ended_at IS NULL
        AND (starts_at IS NULL OR starts_at <= now()) AND (ends_at IS NULL OR ends_at > now())
        AND (usage_limit IS NULL OR used < usage_limit)
      RETURNING promotions_version(promotions) INTO v_version;
    IF NOT FOUND THEN
      RAISE EXCEPTION USING ERRCODE = 'CS413',
        MESSAGE = coalesce((SELECT name FROM promotions WHERE id = (pm->>'id')::int AND organisation_id = v_org), pm->>'id');
    END IF;
    IF v_version <> pm->>'version' THEN
      RAISE EXCEPTION USING ERRCODE = 'CS40R', MESSAGE = 'the promotion changed while it was ordered';
    END IF;
    IF pm->>'code' IS NOT NULL THEN
      UPDATE promotion_codes SET used = used + 1
        WHERE id = (pm->>'code')::int AND promotion_id = (pm->>'id')::int AND organisation_id = v_org
          AND (usage_limit IS NULL OR used < usage_limit);
      IF NOT FOUND THEN
        RAISE EXCEPTION USING ERRCODE = 'CS414',
          MESSAGE = coalesce((SELECT code FROM promotion_codes WHERE id = (pm->>'code')::int AND organisation_id = v_org), pm->>'code');
      END IF;
    END IF;
  END LOOP;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION place_order_locked(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  v_org int := (p->>'org')::int;
  v_order int := (p->>'order')::int;
  v_today date := (now() AT TIME ZONE 'Europe/Warsaw')::date;
  v_year int := extract(year FROM now() AT TIME ZONE 'Europe/Warsaw')::int;
  pr jsonb;
  va jsonb;
  r record;
  l record;
  v_price int;
  v_name text;
  v_active boolean;
  v_left int;
  v_next int;
  v_lines jsonb := '[]'::jsonb;
  v_number text;
BEGIN
  -- Products in id order, each followed by its variants: the order of locks every stock change keeps.
  FOR pr IN SELECT value FROM jsonb_array_elements(p->'products') ORDER BY (value->>'id')::int LOOP
    UPDATE products SET stock = stock - (pr->>'stock')::int,
        edition_last = edition_last + CASE WHEN numbered_edition THEN (pr->>'pieces')::int ELSE 0 END
      WHERE id = (pr->>'id')::int AND organisation_id = v_org AND active AND stock >= (pr->>'stock')::int
      RETURNING name, products_version(products) AS version, numbered_edition, edition_last INTO r;
    IF NOT FOUND THEN
      SELECT name, active INTO v_name, v_active FROM products WHERE id = (pr->>'id')::int AND organisation_id = v_org;
      RAISE EXCEPTION USING ERRCODE = CASE WHEN v_active THEN 'CS409' ELSE 'CS410' END, MESSAGE = coalesce(v_name, pr->>'id');
    END IF;
    IF r.version <> pr->>'version'
       OR ((pr->>'bare')::boolean AND EXISTS (SELECT 1 FROM product_parameters WHERE product_id = (pr->>'id')::int)) THEN
      RAISE EXCEPTION USING ERRCODE = 'CS40R', MESSAGE = 'the product changed while it was ordered';
    END IF;
    FOR va IN SELECT value FROM jsonb_array_elements(p->'variants')
               WHERE value->>'product' = pr->>'id' ORDER BY (value->>'id')::int LOOP
      IF (va->>'pre')::boolean THEN
        UPDATE product_parameters SET preorder_sold = preorder_sold + (va->>'qty')::int
          WHERE id = (va->>'id')::int AND product_id = (pr->>'id')::int AND organisation_id = v_org
            AND preorder_release > v_today AND preorder_sold + (va->>'qty')::int <= preorder_cap
          RETURNING price_gross INTO v_price;
        IF NOT FOUND THEN
          SELECT name, greatest(0, coalesce(preorder_cap, 0) - preorder_sold) INTO v_name, v_left
            FROM product_parameters WHERE id = (va->>'id')::int AND product_id = (pr->>'id')::int;
          RAISE EXCEPTION USING ERRCODE = 'CS412', MESSAGE = r.name || coalesce(' - ' || v_name, ''),
            DETAIL = coalesce(v_left, 0)::text;
        END IF;
      ELSE
        UPDATE product_parameters SET stock = stock - (va->>'qty')::int
          WHERE id = (va->>'id')::int AND product_id = (pr->>'id')::int AND organisation_id = v_org
            AND stock >= (va->>'qty')::int
          RETURNING price_gross INTO v_price;
        IF NOT FOUND THEN
          SELECT name INTO v_name FROM product_parameters WHERE id = (va->>'id')::int AND product_id = (pr->>'id')::int;
          RAISE EXCEPTION USING ERRCODE = 'CS409', MESSAGE = r.name || coalesce(' - ' || v_name, '');
        END IF;
      END IF;
      IF v_price IS DISTINCT FROM (va->>'price')::int THEN
        RAISE EXCEPTION USING ERRCODE = 'CS40R', MESSAGE = 'the variant changed while it was ordered';
      END IF;
    END LOOP;
    -- Every piece of the order gets the next number, line after line in the order's order.
    IF r.numbered_edition THEN
      v_next := r.edition_last - (pr->>'pieces')::int + 1;
      FOR l IN SELECT id, quantity FROM order_lines
                WHERE order_id = v_order AND product_id = (pr->>'id')::int ORDER BY id LOOP
        UPDATE order_lines SET edition_from = v_next, edition_to = v_next + l.quantity - 1 WHERE id = l.id;
        v_lines := v_lines || jsonb_build_object('product', (pr->>'id')::int, 'from', v_next, 'to', v_next + l.quantity - 1);
        v_next := v_next + l.quantity;
      END LOOP;
    END IF;
  END LOOP;
  PERFORM take_promotion_uses(v_org, p->'promos');
  -- Last, so the club's counter is held for the shortest time; a rollback gives its number back.
  INSERT INTO order_counters (organisation_id, year, last) VALUES (v_org, v_year, 1)
    ON CONFLICT (organisation_id, year) DO UPDATE SET last = order_counters.last + 1
    RETURNING last INTO v_next;
  UPDATE orders SET number = (SELECT order_prefix FROM organisations WHERE id = v_org) || '/' || v_year || '/'
      || lpad(v_next::text, greatest(6, length(v_next::text)), '0')
    WHERE id = v_order AND organisation_id = v_org
    RETURNING number INTO v_number;
  RETURN jsonb_build_object('number', v_number, 'editions', v_lines);
END
$$;
