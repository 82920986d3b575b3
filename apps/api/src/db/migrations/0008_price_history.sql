CREATE TABLE "product_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_gross" integer NOT NULL,
	"valid_from" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_prices_price_nonneg" CHECK ("product_prices"."price_gross" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "product_prices_product_time" ON "product_prices" USING btree ("product_id","valid_from");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lowest_price_30d" integer;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "dated_event" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Every product's current price starts its history (as of now: no earlier price is known).
INSERT INTO "product_prices" ("organisation_id", "product_id", "price_gross")
SELECT "organisation_id", "id", "price_gross" FROM "products";
