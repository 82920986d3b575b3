CREATE TABLE "mail_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organisation_id" integer,
	"message" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "failed_logins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "login_locked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD CONSTRAINT "mail_jobs_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_jobs_due" ON "mail_jobs" USING btree ("run_at") WHERE "mail_jobs"."sent_at" IS NULL AND "mail_jobs"."failed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "orders_expiry" ON "orders" USING btree ("expires_at") WHERE "orders"."expires_at" IS NOT NULL AND "orders"."status" = 10;