CREATE TABLE "rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"day" date NOT NULL,
	"venue_id" uuid,
	"arrives_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rounds_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "round_id" uuid;--> statement-breakpoint
CREATE INDEX "fixtures_round_idx" ON "fixtures" USING btree ("round_id");