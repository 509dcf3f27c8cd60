CREATE TABLE "club_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"singleton" text DEFAULT 'club' NOT NULL,
	"details" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "club_settings_singleton_unique" UNIQUE("singleton"),
	CONSTRAINT "club_settings_one_row" CHECK ("club_settings"."singleton" = 'club')
);
--> statement-breakpoint
CREATE TABLE "sponsors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"href" text NOT NULL,
	"logo" text,
	"tier" text DEFAULT 'Official Sponsor' NOT NULL,
	"text" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsors_tier" CHECK ("sponsors"."tier" in ('Official Sponsor', 'Partner', 'Supporter'))
);
--> statement-breakpoint
CREATE INDEX "sponsors_order_idx" ON "sponsors" USING btree ("tier","display_order");