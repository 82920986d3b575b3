CREATE TABLE "promotion_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"code" text NOT NULL,
	"usage_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_codes_format" CHECK ("promotion_codes"."code" ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "promotion_codes_used" CHECK ("promotion_codes"."used" >= 0 AND ("promotion_codes"."usage_limit" IS NULL OR ("promotion_codes"."usage_limit" > 0 AND "promotion_codes"."used" <= "promotion_codes"."usage_limit")))
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bp" integer,
	"amount" integer,
	"buy" integer,
	"get" integer,
	"bundle_components" jsonb,
	"bundle_price" integer,
	"scope_type" text NOT NULL,
	"scope_ids" integer[] DEFAULT '{}'::int[] NOT NULL,
	"includes_printing" boolean DEFAULT false NOT NULL,
	"minimum" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"paused" boolean DEFAULT false NOT NULL,
	"stackable" boolean DEFAULT false NOT NULL,
	"automatic" boolean NOT NULL,
	"usage_limit" integer,
	"customer_limit" integer,
	"used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	CONSTRAINT "promotions_kind" CHECK ("promotions"."kind" IN ('percent', 'amount', 'freeShipping', 'buyXGetY', 'bundle')),
	CONSTRAINT "promotions_scope" CHECK ("promotions"."scope_type" IN ('cart', 'categories', 'products', 'variants')),
	CONSTRAINT "promotions_kind_values" CHECK (("promotions"."kind" <> 'percent' OR ("promotions"."percent_bp" IS NOT NULL AND "promotions"."percent_bp" BETWEEN 1 AND 10000)) AND ("promotions"."kind" <> 'amount' OR ("promotions"."amount" IS NOT NULL AND "promotions"."amount" > 0)) AND ("promotions"."kind" <> 'buyXGetY' OR ("promotions"."buy" IS NOT NULL AND "promotions"."get" IS NOT NULL AND "promotions"."buy" >= 1 AND "promotions"."get" >= 1)) AND ("promotions"."kind" <> 'bundle' OR ("promotions"."bundle_price" IS NOT NULL AND "promotions"."bundle_components" IS NOT NULL AND "promotions"."bundle_price" > 0))),
	CONSTRAINT "promotions_minimum_nonneg" CHECK ("promotions"."minimum" >= 0),
	CONSTRAINT "promotions_dates" CHECK ("promotions"."starts_at" IS NULL OR "promotions"."ends_at" IS NULL OR "promotions"."ends_at" > "promotions"."starts_at"),
	CONSTRAINT "promotions_used" CHECK ("promotions"."used" >= 0 AND ("promotions"."usage_limit" IS NULL OR ("promotions"."usage_limit" > 0 AND "promotions"."used" <= "promotions"."usage_limit"))),
	CONSTRAINT "promotions_customer_limit_pos" CHECK ("promotions"."customer_limit" IS NULL OR "promotions"."customer_limit" > 0)
);
--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_codes" ADD CONSTRAINT "promotion_codes_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_codes_org_code" ON "promotion_codes" USING btree ("organisation_id",upper("code"));--> statement-breakpoint
CREATE INDEX "promotion_codes_promotion" ON "promotion_codes" USING btree ("promotion_id","id");--> statement-breakpoint
CREATE INDEX "promotions_org_created" ON "promotions" USING btree ("organisation_id","created_at","id");