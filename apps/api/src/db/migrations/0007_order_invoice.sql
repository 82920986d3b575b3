ALTER TABLE "orders" ADD COLUMN "invoice_company" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_nip" text;
