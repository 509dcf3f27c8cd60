CREATE TABLE "administrator_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"administrator_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "password_set_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "administrator_tokens" ADD CONSTRAINT "administrator_tokens_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "administrator_tokens_administrator_idx" ON "administrator_tokens" USING btree ("administrator_id");