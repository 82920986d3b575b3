ALTER TABLE "order_lines" ADD COLUMN "vat_rate" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "product_safety" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vat_rate" text DEFAULT '23' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "manufacturer_contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "responsible_person_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "responsible_person_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "responsible_person_contact" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "model_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "safety_info" text DEFAULT '' NOT NULL;