ALTER TABLE "withdrawal_lines" ADD COLUMN "exchange_parameter_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD COLUMN "exchange_parameter_name" text;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD COLUMN "exchange_order_id" integer;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "withdrawals_exchange_order" ON "withdrawals" USING btree ("exchange_order_id");