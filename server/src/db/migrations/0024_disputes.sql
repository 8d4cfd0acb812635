CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"participation_id" integer NOT NULL,
	"opened_by" integer NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"outcome" text,
	"resolution_reason" text,
	"extra_days" integer,
	"validating_at" timestamp with time zone,
	CONSTRAINT "disputes_status_check" CHECK ("disputes"."status" in ('open', 'resolved')),
	CONSTRAINT "disputes_outcome_check" CHECK ("disputes"."outcome" in ('validate', 'refund', 'more_time')),
	CONSTRAINT "disputes_resolved_check" CHECK (("disputes"."status" = 'open') = ("disputes"."outcome" is null))
);
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_open_key" ON "disputes" USING btree ("participation_id") WHERE "disputes"."status" = 'open';
--> statement-breakpoint
CREATE INDEX "disputes_participation_idx" ON "disputes" USING btree ("participation_id","created_at","id");
--> statement-breakpoint
CREATE INDEX "disputes_status_idx" ON "disputes" USING btree ("status","created_at","id");
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "prize_transfer_started_at" timestamp with time zone;
