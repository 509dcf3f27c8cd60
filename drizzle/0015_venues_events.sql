CREATE TABLE "club_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"venue_id" uuid,
	"notes" text DEFAULT '' NOT NULL,
	"booking_url" text,
	"sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_events_kind" CHECK ("club_events"."kind" in ('training', 'taster', 'fundraiser', 'agm', 'social', 'other')),
	CONSTRAINT "club_events_ends_after_start" CHECK ("club_events"."ends_at" is null or "club_events"."ends_at" > "club_events"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "kind" text DEFAULT 'contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "venues" ADD COLUMN "access_guide" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "club_events_starts_idx" ON "club_events" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_kind" CHECK ("contact_messages"."kind" in ('contact', 'come-and-try'));