CREATE TABLE "withdrawal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"withdrawal_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "withdrawal_lines_quantity_pos" CHECK ("withdrawal_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"state" text DEFAULT 'zgloszony' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"decision_note" text DEFAULT '' NOT NULL,
	"stock_returned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "withdrawal_days" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalised" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawal_lines" ADD CONSTRAINT "withdrawal_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdrawals" ADD CONSTRAINT "withdrawals_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "withdrawal_lines_withdrawal" ON "withdrawal_lines" USING btree ("withdrawal_id");--> statement-breakpoint
CREATE INDEX "withdrawal_lines_order_line" ON "withdrawal_lines" USING btree ("order_line_id");--> statement-breakpoint
CREATE INDEX "withdrawals_org_state" ON "withdrawals" USING btree ("organisation_id","state","created_at");--> statement-breakpoint
CREATE INDEX "withdrawals_order" ON "withdrawals" USING btree ("order_id");