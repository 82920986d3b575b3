ALTER TABLE "organisations" ADD COLUMN "cash_on_delivery" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "seller" jsonb;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "parcel_locker" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "shipping_options" SET "parcel_locker" = true WHERE lower(btrim("name")) = 'paczkomat inpost';--> statement-breakpoint
CREATE INDEX "orders_shipping_option" ON "orders" USING btree ("shipping_option_id");
