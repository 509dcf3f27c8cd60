CREATE TABLE "news_preview_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"news_id" uuid NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"news_id" uuid NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"byline" text,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "publish_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "byline" text;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "revised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "news_preview_links" ADD CONSTRAINT "news_preview_links_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_revisions" ADD CONSTRAINT "news_revisions_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "news_preview_links_news_idx" ON "news_preview_links" USING btree ("news_id");--> statement-breakpoint
CREATE INDEX "news_revisions_news_idx" ON "news_revisions" USING btree ("news_id","saved_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "news_scheduled_idx" ON "news" USING btree ("publish_at") WHERE "news"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_slug_unique" UNIQUE("slug");--> statement-breakpoint
-- ADR 034: every existing item (all published) gets its readable address from its title; a
-- title shared by several keeps the plain slug for the oldest and adds a piece of the id to
-- the others, so no two collide.
UPDATE "news" AS n SET "slug" = s.slug FROM (
  SELECT id, CASE WHEN row_number() OVER (PARTITION BY base ORDER BY date NULLS LAST, id) = 1
    THEN base ELSE base || '-' || left(id::text, 8) END AS slug
  FROM (
    SELECT id, date, coalesce(nullif(trim(both '-' from left(
      regexp_replace(lower(title), '[^a-z0-9]+', '-', 'g'), 80)), ''), 'news') AS base
    FROM "news"
  ) b
) s WHERE n.id = s.id;
