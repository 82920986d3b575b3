CREATE TABLE "gift_card_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"gift_card_id" integer NOT NULL,
	"order_id" integer,
	"amount" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_card_uses_amount" CHECK ("gift_card_uses"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "gift_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"code_end" text NOT NULL,
	"amount" integer NOT NULL,
	"balance" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"piece" integer DEFAULT 1 NOT NULL,
	"email" text NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_cards_amount_pos" CHECK ("gift_cards"."amount" > 0),
	CONSTRAINT "gift_cards_balance" CHECK ("gift_cards"."balance" >= 0 AND "gift_cards"."balance" <= "gift_cards"."amount")
);
--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "gift_card_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "gift_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_card_paid" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "gift_card_months" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gift_card" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "gift_card_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_options" ADD COLUMN "electronic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "gift_card_uses" ADD CONSTRAINT "gift_card_uses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_uses" ADD CONSTRAINT "gift_card_uses_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_card_uses" ADD CONSTRAINT "gift_card_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_cards" ADD CONSTRAINT "gift_cards_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gift_card_uses_card" ON "gift_card_uses" USING btree ("gift_card_id","id");--> statement-breakpoint
CREATE INDEX "gift_card_uses_order" ON "gift_card_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_code" ON "gift_cards" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_cards_line_piece" ON "gift_cards" USING btree ("order_line_id","piece");--> statement-breakpoint
CREATE INDEX "gift_cards_org_created" ON "gift_cards" USING btree ("organisation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "gift_cards_order" ON "gift_cards" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_gift_card_id_gift_cards_id_fk" FOREIGN KEY ("gift_card_id") REFERENCES "public"."gift_cards"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Gift cards travel by e-mail: each club gets the delivery a cart of gift cards alone is offered.
INSERT INTO "shipping_options" ("organisation_id", "name", "price", "electronic", "position")
SELECT o."id", 'Karta podarunkowa e-mailem', 0, true, 1000 FROM "organisations" o;
