ALTER TABLE "contact_messages" ADD COLUMN "read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "handled_by" text;
--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD COLUMN "read_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD COLUMN "handled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "accreditation_requests" ADD COLUMN "handled_by" text;
--> statement-breakpoint
CREATE INDEX "contact_messages_org_created" ON "contact_messages" USING btree ("organisation_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "accreditation_requests_org_created" ON "accreditation_requests" USING btree ("organisation_id","created_at","id");
