ALTER TABLE "page_texts" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
UPDATE "page_texts" SET "saved_at" = "updated_at" WHERE ("key" IN ('privacy', 'terms') AND "updated_at" <> '2025-07-15T12:00:00Z') OR EXISTS (SELECT 1 FROM "activity" WHERE "activity"."screen" = 'pages' AND "activity"."record_id" = "page_texts"."id"::text);
