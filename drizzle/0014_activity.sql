CREATE TABLE "activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"administrator_id" uuid,
	"actor" text NOT NULL,
	"screen" text NOT NULL,
	"action" text NOT NULL,
	"record_id" text,
	"label" text DEFAULT '' NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "activity_at_idx" ON "activity" USING btree ("at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_actor_idx" ON "activity" USING btree ("actor","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_record_idx" ON "activity" USING btree ("screen","record_id","at" DESC NULLS LAST);