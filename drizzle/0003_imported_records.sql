CREATE TABLE "imported_records" (
	"collection" text NOT NULL,
	"legacy_id" text NOT NULL,
	"record_id" uuid NOT NULL,
	"legacy_slug" text,
	"source_hash" text NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_collection_legacy_id_pk" PRIMARY KEY("collection","legacy_id")
);
--> statement-breakpoint
CREATE INDEX "imported_records_legacy_slug_idx" ON "imported_records" USING btree ("collection","legacy_slug");