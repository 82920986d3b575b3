-- Each queued e-mail's Message-ID (its local part), the same on every attempt: a message the
-- mail server got twice (a crash between its acceptance and the job's mark) is recognisably one.
-- Random, so it tells nothing about how many e-mails the shop sends.
ALTER TABLE "mail_jobs" ADD COLUMN "message_key" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;
--> statement-breakpoint
-- An order's payment start in progress: set by whoever starts it (the placement, the buyer's
-- retry, the crash repair) in one conditional update, cleared when the start is recorded. Until
-- then nobody else starts one; after it a start that died is taken over.
ALTER TABLE "orders" ADD COLUMN "payment_start_until" timestamp with time zone;
--> statement-breakpoint
-- The demo payment page finds its order by the token alone (no order id in the address).
CREATE INDEX "orders_payment_external_id" ON "orders" USING btree ("payment_external_id") WHERE "payment_external_id" IS NOT NULL;
