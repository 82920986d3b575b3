CREATE TABLE "customer_group_domains" (
	"organisation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"domain" text NOT NULL,
	CONSTRAINT "customer_group_domains_group_id_domain_pk" PRIMARY KEY("group_id","domain"),
	CONSTRAINT "customer_group_domains_format" CHECK ("customer_group_domains"."domain" = lower("customer_group_domains"."domain") AND "customer_group_domains"."domain" LIKE '%.%')
);
--> statement-breakpoint
CREATE TABLE "customer_group_members" (
	"organisation_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "customer_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "customer_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_groups_dates" CHECK ("customer_groups"."valid_from" IS NULL OR "customer_groups"."valid_to" IS NULL OR "customer_groups"."valid_to" > "customer_groups"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "customer_group_ids" integer[] DEFAULT '{}'::int[] NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_group_domains" ADD CONSTRAINT "customer_group_domains_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_domains" ADD CONSTRAINT "customer_group_domains_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_group_id_customer_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."customer_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_group_members" ADD CONSTRAINT "customer_group_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_groups" ADD CONSTRAINT "customer_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_group_domains_domain" ON "customer_group_domains" USING btree ("organisation_id","domain");--> statement-breakpoint
CREATE INDEX "customer_group_members_user" ON "customer_group_members" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE INDEX "customer_groups_org" ON "customer_groups" USING btree ("organisation_id","id");--> statement-breakpoint
-- Whom a promotion is for is part of its pricing: a change of its groups while an order is placed
-- prices the order again (CS40R), as a change of its percent does.
CREATE OR REPLACE FUNCTION promotions_version(p promotions) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT md5(concat_ws('|', p.kind, p.percent_bp, p.amount, p.buy, p.get, p.bundle_components::text,
    p.bundle_price, p.scope_type, p.scope_ids::text, p.includes_printing, p.minimum, p.stackable,
    p.customer_group_ids::text))
$$;
