CREATE TABLE "live_scorers" (
	"fixture_id" uuid PRIMARY KEY NOT NULL,
	"administrator_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"fixture_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"player" text,
	"minute" integer,
	"own_goal" boolean DEFAULT false NOT NULL,
	"card" text,
	"pens_us" integer,
	"pens_them" integer,
	"comment" text,
	"undoes" integer,
	"happened_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"request_id" uuid NOT NULL,
	"created_by" uuid,
	CONSTRAINT "match_events_kind" CHECK ("match_events"."kind" in ('kick-off', 'goal-us', 'goal-them', 'card', 'half-time', 'second-half', 'extra-time', 'penalties', 'full-time', 'comment', 'undo')),
	CONSTRAINT "match_events_minute_range" CHECK ("match_events"."minute" between 0 and 130),
	CONSTRAINT "match_events_card" CHECK ("match_events"."card" in ('yellow', 'red'))
);
--> statement-breakpoint
ALTER TABLE "live_scorers" ADD CONSTRAINT "live_scorers_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_events" ADD CONSTRAINT "match_events_created_by_administrators_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "match_events_request_id_idx" ON "match_events" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "match_events_fixture_idx" ON "match_events" USING btree ("fixture_id","seq");