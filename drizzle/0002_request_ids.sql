CREATE TABLE "applied_requests" (
	"administrator_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"outcome" jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applied_requests_administrator_id_request_id_pk" PRIMARY KEY("administrator_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "applied_requests" ADD CONSTRAINT "applied_requests_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applied_requests_applied_at_idx" ON "applied_requests" USING btree ("applied_at");