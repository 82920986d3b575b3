-- Issue 12, item 8: each banner image gets a WebP copy beside its JPEG (about half the bytes of the
-- home page's largest paint on a phone). Null for images stored before it: those stay JPEG only.
ALTER TABLE "banner_slides" ADD COLUMN "webp_file_name" text;
--> statement-breakpoint
ALTER TABLE "banner_slides" ADD COLUMN "mobile_webp_file_name" text;
