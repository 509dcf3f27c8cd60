CREATE TABLE "team_slug_history" (
	"slug" text PRIMARY KEY NOT NULL,
	"member_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "team_slug_history_member_idx" ON "team_slug_history" USING btree ("member_id");