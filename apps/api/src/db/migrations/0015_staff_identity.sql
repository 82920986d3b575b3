-- Staff and customer identities are kept apart. The panel counts failed logins on its own (a
-- stricter lock, lifted by a reset link), so guesses at the storefront never lock a manager out.
ALTER TABLE "users" ADD COLUMN "panel_failed_logins" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "panel_login_locked_until" timestamp with time zone;
--> statement-breakpoint
-- Staff accounts never hold storefront tickets, nor the storefront's links (confirm, reset, e-mail
-- change): invitations and panel resets have their own kinds. Staff who never accepted an invite
-- made before this get a new one from the owner ("Wyślij zaproszenie ponownie").
UPDATE "sessions" SET "revoked_at" = now()
FROM "users"
WHERE "sessions"."user_id" = "users"."id" AND "users"."role" <> 'customer' AND "sessions"."revoked_at" IS NULL;
--> statement-breakpoint
UPDATE "user_tokens" SET "used_at" = now()
FROM "users"
WHERE "user_tokens"."user_id" = "users"."id" AND "users"."role" <> 'customer' AND "user_tokens"."used_at" IS NULL;
--> statement-breakpoint
-- E-mails to one address are counted (per hour and per day), so the shop cannot be used to
-- write to strangers: the address (lower case) and the budget a message counts against.
ALTER TABLE "mail_jobs" ADD COLUMN "recipient" text;
--> statement-breakpoint
ALTER TABLE "mail_jobs" ADD COLUMN "budget" text;
--> statement-breakpoint
CREATE INDEX "mail_jobs_recipient" ON "mail_jobs" USING btree ("recipient","created_at") WHERE "recipient" IS NOT NULL;
