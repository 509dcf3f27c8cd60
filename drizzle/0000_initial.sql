CREATE TABLE "administrators" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	CONSTRAINT "administrators_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fixtures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"opponent" text NOT NULL,
	"location" text NOT NULL,
	"date" timestamp with time zone,
	"time_tbc" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'Friendly' NOT NULL,
	"stage" text,
	"home_score" integer,
	"away_score" integer,
	"pens_home" integer,
	"pens_away" integer,
	"scorers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fixtures_home_score_range" CHECK ("fixtures"."home_score" between 0 and 20),
	CONSTRAINT "fixtures_away_score_range" CHECK ("fixtures"."away_score" between 0 and 20),
	CONSTRAINT "fixtures_pens_home_range" CHECK ("fixtures"."pens_home" between 0 and 10),
	CONSTRAINT "fixtures_pens_away_range" CHECK ("fixtures"."pens_away" between 0 and 10),
	CONSTRAINT "fixtures_scores_together" CHECK (("fixtures"."home_score" is null) = ("fixtures"."away_score" is null))
);
--> statement-breakpoint
CREATE TABLE "league_table" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"team" text NOT NULL,
	"played" integer DEFAULT 0 NOT NULL,
	"won" integer DEFAULT 0 NOT NULL,
	"drawn" integer DEFAULT 0 NOT NULL,
	"lost" integer DEFAULT 0 NOT NULL,
	"gf" integer DEFAULT 0 NOT NULL,
	"ga" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_table_non_negative" CHECK ("league_table"."played" >= 0 and "league_table"."won" >= 0 and "league_table"."drawn" >= 0 and "league_table"."lost" >= 0 and "league_table"."gf" >= 0 and "league_table"."ga" >= 0 and "league_table"."points" >= 0)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"content" text NOT NULL,
	"image" text,
	"category" text,
	"date" timestamp with time zone DEFAULT now(),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"administrator_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"role" text DEFAULT 'Player' NOT NULL,
	"slug" text NOT NULL,
	"image" text,
	"number" text DEFAULT 'TBD' NOT NULL,
	"position" text DEFAULT 'TBD' NOT NULL,
	"classification" text DEFAULT 'TBD' NOT NULL,
	"playing_since" text DEFAULT 'TBD' NOT NULL,
	"bio" text DEFAULT '' NOT NULL,
	"goals" integer DEFAULT 0 NOT NULL,
	"assists" integer DEFAULT 0 NOT NULL,
	"yellow_cards" integer DEFAULT 0 NOT NULL,
	"red_cards" integer DEFAULT 0 NOT NULL,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_slug_unique" UNIQUE("slug"),
	CONSTRAINT "team_members_role" CHECK ("team_members"."role" in ('Player', 'Head Coach', 'Assistant Coach')),
	CONSTRAINT "team_members_stats_non_negative" CHECK ("team_members"."goals" >= 0 and "team_members"."assists" >= 0 and "team_members"."yellow_cards" >= 0 and "team_members"."red_cards" >= 0)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "fixtures_date_idx" ON "fixtures" USING btree ("date");--> statement-breakpoint
CREATE INDEX "news_date_idx" ON "news" USING btree ("date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "team_members_order_idx" ON "team_members" USING btree ("role","display_order");