CREATE TABLE "squad_players" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "printing_name" text;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "printing_number" integer;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD COLUMN "printing_player_id" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "printing_text" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "printing_price" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "printed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "printing" jsonb;--> statement-breakpoint
ALTER TABLE "squad_players" ADD CONSTRAINT "squad_players_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "squad_players_org_number" ON "squad_players" USING btree ("organisation_id","number");--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_printing_player_id_squad_players_id_fk" FOREIGN KEY ("printing_player_id") REFERENCES "public"."squad_players"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_printing" ON "order_lines" USING btree ("organisation_id","order_id") WHERE "order_lines"."printing_text" IS NOT NULL;