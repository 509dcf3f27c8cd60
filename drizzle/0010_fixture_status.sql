ALTER TABLE "fixtures" ADD COLUMN "status" text DEFAULT 'scheduled' NOT NULL;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "rescheduled_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "fixtures" ADD CONSTRAINT "fixtures_status" CHECK ("fixtures"."status" in ('scheduled', 'postponed', 'cancelled', 'abandoned', 'played'));--> statement-breakpoint
-- A fixture with a score has been played.
UPDATE "fixtures" SET "status" = 'played' WHERE "home_score" IS NOT NULL;
