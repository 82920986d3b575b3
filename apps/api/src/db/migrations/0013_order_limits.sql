-- Strangers cannot take stock off sale: the club's quantity limits (per cart
-- line, a product may set its own, and per order), the total above which a cash-on-delivery order
-- waits for the buyer's confirmation by e-mail, and orders per e-mail address and per IP per hour.
ALTER TABLE "organisations" ADD COLUMN "line_quantity_limit" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "order_quantity_limit" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "cod_confirmation_above" integer DEFAULT 50000;
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "orders_per_email_hour" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "orders_per_ip_hour" integer DEFAULT 10 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "line_quantity_limit" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_line_limit_pos" CHECK ("line_quantity_limit" IS NULL OR "line_quantity_limit" > 0);
--> statement-breakpoint
-- A held order: `confirm_by` is its deadline, `buyer_confirmed_at` when the buyer's link confirmed
-- it; only the hash of the link's token is stored. The status codes stay the spec's 10-60.
ALTER TABLE "orders" ADD COLUMN "confirm_by" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirm_token_hash" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_confirm_token" ON "orders" USING btree ("confirm_token_hash") WHERE "confirm_token_hash" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_held" ON "orders" USING btree ("confirm_by") WHERE "confirm_by" IS NOT NULL AND "buyer_confirmed_at" IS NULL AND "status" = 10;
--> statement-breakpoint
-- Orders per e-mail and per IP in the last hour, and whether an address has a confirmed order.
CREATE INDEX "orders_org_email_created" ON "orders" USING btree ("organisation_id", lower("email"), "created_at");
--> statement-breakpoint
CREATE INDEX "orders_org_ip_created" ON "orders" USING btree ("organisation_id", "customer_ip", "created_at");
