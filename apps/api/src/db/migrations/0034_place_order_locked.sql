-- The locked part of placing an order in one statement (decision 148), sent with its COMMIT: the
-- rows it locks (the products, their variants, the club's order counter) are held only while the
-- server runs it, never across a round trip to a busy shop process. The order and its lines are
-- written before it, priced from rows read without a lock; `version` (products_version below)
-- tells whether those rows changed since, and then the placement runs again (CS40R).
-- Errors: CS409 too few pieces, CS410 the product is gone, CS412 a pre-order's cap is reached
-- (DETAIL: pieces left), CS40R read again; MESSAGE names the product (and variant).
CREATE FUNCTION products_version(p products) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(concat_ws('|', p.name, p.price_gross, p.vat_rate, p.printing::text))
$$;--> statement-breakpoint
CREATE FUNCTION place_order_locked(p jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
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
