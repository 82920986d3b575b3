-- The panel's archive tab: archived products are few, so a small partial index finds them without reading the whole catalogue.
CREATE INDEX "products_org_archived" ON "products" USING btree ("organisation_id","archived_at") WHERE "products"."archived_at" IS NOT NULL;
--> statement-breakpoint
-- The panel's order list (newest first, by status) and customer list (by registration) at tens of thousands of rows.
CREATE INDEX "orders_org_created" ON "orders" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_org_status" ON "orders" USING btree ("organisation_id","status","created_at");--> statement-breakpoint
CREATE INDEX "users_org_created" ON "users" USING btree ("organisation_id","created_at");
