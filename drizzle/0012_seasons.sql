CREATE TABLE "player_season_stats" (
	"person_id" uuid NOT NULL,
	"season_id" uuid NOT NULL,
	"appearances" integer DEFAULT 0 NOT NULL,
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"yellow_cards" integer DEFAULT 0 NOT NULL,
	"red_cards" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "player_season_stats_person_id_season_id_pk" PRIMARY KEY("person_id","season_id"),
	CONSTRAINT "player_season_stats_non_negative" CHECK ("player_season_stats"."appearances" >= 0 and "player_season_stats"."goals" >= 0 and "player_season_stats"."assists" >= 0 and "player_season_stats"."yellow_cards" >= 0 and "player_season_stats"."red_cards" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"slug" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"is_current" boolean DEFAULT false NOT NULL,
	"locked" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seasons_label_unique" UNIQUE("label"),
	CONSTRAINT "seasons_slug_unique" UNIQUE("slug"),
	CONSTRAINT "seasons_dates_in_order" CHECK ("seasons"."ends_on" >= "seasons"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "fixtures" ADD COLUMN "players" jsonb;--> statement-breakpoint
ALTER TABLE "league_table" ADD COLUMN "season_id" uuid;--> statement-breakpoint
ALTER TABLE "league_table" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "fixture_id" uuid;--> statement-breakpoint
ALTER TABLE "player_season_stats" ADD CONSTRAINT "player_season_stats_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_season_stats_season_idx" ON "player_season_stats" USING btree ("season_id");--> statement-breakpoint
CREATE UNIQUE INDEX "seasons_one_current" ON "seasons" USING btree ("is_current") WHERE "seasons"."is_current";--> statement-breakpoint
ALTER TABLE "league_table" ADD CONSTRAINT "league_table_season_id_seasons_id_fk" FOREIGN KEY ("season_id") REFERENCES "public"."seasons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_table_season_idx" ON "league_table" USING btree ("season_id");