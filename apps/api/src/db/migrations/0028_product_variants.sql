ALTER TABLE "product_parameters" ADD COLUMN "option_values" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "sku" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "ean" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "price_gross" integer;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "lowest_price_30d" integer;--> statement-breakpoint
ALTER TABLE "product_photos" ADD COLUMN "option_value" text;--> statement-breakpoint
ALTER TABLE "product_prices" ADD COLUMN "parameter_id" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "product_prices" ADD CONSTRAINT "product_prices_parameter_id_product_parameters_id_fk" FOREIGN KEY ("parameter_id") REFERENCES "public"."product_parameters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_prices_parameter_time" ON "product_prices" USING btree ("parameter_id","valid_from") WHERE "product_prices"."parameter_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_price_pos" CHECK ("product_parameters"."price_gross" IS NULL OR "product_parameters"."price_gross" > 0);