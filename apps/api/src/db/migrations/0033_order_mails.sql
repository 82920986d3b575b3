ALTER TABLE "orders" ADD COLUMN "mails_queued_at" timestamp with time zone;--> statement-breakpoint
-- Orders placed before this were mailed in their own transaction.
UPDATE "orders" SET "mails_queued_at" = "created_at";--> statement-breakpoint
-- An order's e-mails, made after its commit (orders/order-mails.ts): retried like the mail itself.
SELECT pgboss.create_queue('order-mails', '{"policy":"standard","retryLimit":9,"retryDelay":30,"retryBackoff":true,"expireInSeconds":120}');
