CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer,
	"user_email" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"user_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "panel_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "panel_sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "stock" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_sessions" ADD CONSTRAINT "panel_sessions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "panel_sessions" ADD CONSTRAINT "panel_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_org_time" ON "audit_log" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "order_status_history_order" ON "order_status_history" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "panel_sessions_user" ON "panel_sessions" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_stock_nonneg" CHECK ("product_parameters"."stock" >= 0);--> statement-breakpoint
-- Stock per parameter (P2): existing products' stock is spread over their parameters, the first ones taking the remainder, so the parameters' sum equals products.stock.
UPDATE "product_parameters" AS pp SET "stock" = x.share
FROM (
  SELECT q.id, (p.stock / q.n) + CASE WHEN q.rn <= p.stock % q.n THEN 1 ELSE 0 END AS share
  FROM (
    SELECT id, product_id,
      row_number() OVER (PARTITION BY product_id ORDER BY position, id) AS rn,
      count(*) OVER (PARTITION BY product_id) AS n
    FROM "product_parameters"
  ) q
  JOIN "products" p ON p.id = q.product_id
) x
WHERE pp.id = x.id;--> statement-breakpoint
CREATE INDEX "products_org_name" ON "products" USING btree ("organisation_id","name","id");--> statement-breakpoint
CREATE INDEX "products_org_price" ON "products" USING btree ("organisation_id","price_gross","id");--> statement-breakpoint
CREATE INDEX "products_org_stock" ON "products" USING btree ("organisation_id","stock","id");--> statement-breakpoint
CREATE INDEX "products_org_created" ON "products" USING btree ("organisation_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "products_org_live" ON "products" USING btree ("organisation_id","category_id","active","stock") WHERE "products"."archived_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_name_search" ON "products" USING gin (to_tsvector('simple', "name"));
