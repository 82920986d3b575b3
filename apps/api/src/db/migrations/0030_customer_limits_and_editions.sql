ALTER TABLE "order_lines" ADD COLUMN "edition_from" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "edition_to" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "customer_quantity_limit" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "numbered_edition" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "edition_last" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_org_buyer_email" ON "orders" USING btree ("organisation_id",(case when split_part(lower(btrim("email")), '@', 2) in ('gmail.com', 'googlemail.com') then replace(split_part(split_part(lower(btrim("email")), '@', 1), '+', 1), '.', '') || '@gmail.com' else lower(btrim("email")) end));--> statement-breakpoint
CREATE INDEX "orders_org_buyer_address" ON "orders" USING btree ("organisation_id",(regexp_replace(regexp_replace(lower("street"), '^[[:space:]]*ul([.]|[[:space:]])[[:space:]]*', ''), '[[:space:].,]', '', 'g') || '|' || regexp_replace("postcode", '[^0-9]', '', 'g')));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_customer_limit_pos" CHECK ("products"."customer_quantity_limit" IS NULL OR "products"."customer_quantity_limit" > 0);