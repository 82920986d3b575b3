-- Carts untouched for 30 days are deleted, oldest first (modules/cart/maintenance.ts).
CREATE INDEX "carts_updated_at" ON "carts" USING btree ("updated_at");
--> statement-breakpoint
-- A domain a club asked for in the panel but has not proven yet (a DNS TXT record or a file under
-- /.well-known/, modules/panel/domain-proof.ts). It routes nothing: only organisation_domains does.
-- Several clubs may claim one name, so a claim blocks nobody; the first to prove it gets it
-- (organisation_domains.host stays unique).
CREATE TABLE "domain_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"host" text NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_claims_org_host" UNIQUE("organisation_id","host")
);
--> statement-breakpoint
ALTER TABLE "domain_claims" ADD CONSTRAINT "domain_claims_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;
