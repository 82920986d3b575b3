ALTER TABLE "order_lines" ADD COLUMN "preorder_release" date;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "preorder_release" date;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "preorder_cap" integer;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD COLUMN "preorder_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_parameters" ADD CONSTRAINT "product_parameters_preorder_sold" CHECK ("product_parameters"."preorder_sold" >= 0);