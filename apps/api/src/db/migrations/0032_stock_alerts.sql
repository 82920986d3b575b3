CREATE TABLE "stock_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"parameter_id" integer,
	"email" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	CONSTRAINT "stock_alerts_token_unique" UNIQUE("token")
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "stock_alert_factor" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_parameter_id_product_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."product_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_alerts_waiting_once" ON "stock_alerts" USING btree ("product_id",coalesce("parameter_id", 0),lower("email")) WHERE "stock_alerts"."notified_at" IS NULL AND "stock_alerts"."unsubscribed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "stock_alerts_queue" ON "stock_alerts" USING btree ("product_id","parameter_id","created_at");--> statement-breakpoint
-- Back-in-stock alerts (decision 146): whichever path raises a stock from 0 (the panel's form or
-- bulk stock, a return to stock, a cancelled order), the oldest waiting addresses, at most the
-- new stock times the club's factor, are marked due; the stock-alerts job mails them.
CREATE FUNCTION "stock_alerts_due_variants"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts a SET due_at = now()
  FROM (
    SELECT w.id FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN organisations org ON org.id = n.organisation_id
    CROSS JOIN LATERAL (
      SELECT s.id FROM stock_alerts s
      WHERE s.parameter_id = n.id AND s.due_at IS NULL AND s.notified_at IS NULL AND s.unsubscribed_at IS NULL
      ORDER BY s.created_at, s.id
      LIMIT n.stock::bigint * org.stock_alert_factor
    ) w
    WHERE o.stock <= 0 AND n.stock > 0
  ) picked
  WHERE a.id = picked.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "stock_alerts_due_products"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE stock_alerts a SET due_at = now()
  FROM (
    SELECT w.id FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    JOIN organisations org ON org.id = n.organisation_id
    CROSS JOIN LATERAL (
      SELECT s.id FROM stock_alerts s
      WHERE s.product_id = n.id AND s.parameter_id IS NULL
        AND s.due_at IS NULL AND s.notified_at IS NULL AND s.unsubscribed_at IS NULL
      ORDER BY s.created_at, s.id
      LIMIT n.stock::bigint * org.stock_alert_factor
    ) w
    WHERE o.stock <= 0 AND n.stock > 0
  ) picked
  WHERE a.id = picked.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_parameters_stock_alerts" AFTER UPDATE ON "product_parameters" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_alerts_due_variants"();
--> statement-breakpoint
CREATE TRIGGER "products_stock_alerts" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "stock_alerts_due_products"();
--> statement-breakpoint
SELECT pgboss.create_queue('stock-alerts', '{"policy":"singleton","retryLimit":0,"expireInSeconds":600}');
