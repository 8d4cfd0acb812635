ALTER TABLE "participations" ADD COLUMN "comment" text;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "commented_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "submitted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "awaiting_reminded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD CONSTRAINT "participations_comment_length" CHECK (char_length("participations"."comment") between 1 and 1000);
--> statement-breakpoint
UPDATE "participations" SET "submitted_at" = "created_at" WHERE "is_participating";
--> statement-breakpoint
CREATE INDEX "participations_awaiting_idx" ON "participations" USING btree ("contest_id") WHERE "participations"."is_participating" and "participations"."stars" = 0 and "participations"."commented_at" is null and "participations"."withdrawn_by_team_at" is null and "participations"."hidden_by_suspension_at" is null;
--> statement-breakpoint
CREATE INDEX "participations_awaiting_reminder_idx" ON "participations" USING btree ("submitted_at") WHERE "participations"."is_participating" and "participations"."stars" = 0 and "participations"."commented_at" is null and "participations"."withdrawn_by_team_at" is null and "participations"."hidden_by_suspension_at" is null and "participations"."awaiting_reminded_at" is null;
