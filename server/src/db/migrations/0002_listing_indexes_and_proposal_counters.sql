DROP INDEX "contests_status_created_idx";--> statement-breakpoint
DROP INDEX "contests_status_cost_idx";--> statement-breakpoint
DROP INDEX "contests_status_participations_idx";--> statement-breakpoint
DROP INDEX "contests_status_category_created_idx";--> statement-breakpoint
DROP INDEX "contests_status_sub_category_created_idx";--> statement-breakpoint
DROP INDEX "contests_owner_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "participations_contest_idx";--> statement-breakpoint
DROP INDEX "participations_user_idx";--> statement-breakpoint
DROP INDEX "payouts_user_idx";--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "proposals_unrated" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "proposals_low" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "proposals_high" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "contests_open_created_idx" ON "contests" USING btree ("created_at","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_category_created_idx" ON "contests" USING btree ("category_id","created_at","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_created_idx" ON "contests" USING btree ("sub_category_id","created_at","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_cost_idx" ON "contests" USING btree ("cost_cents","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_category_cost_idx" ON "contests" USING btree ("category_id","cost_cents","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_cost_idx" ON "contests" USING btree ("sub_category_id","cost_cents","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_participations_idx" ON "contests" USING btree ("participations_count","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_category_participations_idx" ON "contests" USING btree ("category_id","participations_count","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_participations_idx" ON "contests" USING btree ("sub_category_id","participations_count","id") WHERE "contests"."status" = 2;--> statement-breakpoint
CREATE INDEX "contests_owner_idx" ON "contests" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "participations_contest_idx" ON "participations" USING btree ("contest_id","is_participating","number","id");--> statement-breakpoint
CREATE INDEX "participations_user_idx" ON "participations" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_user_idx" ON "payouts" USING btree ("user_id","created_at","id");--> statement-breakpoint
UPDATE "contests" SET "proposals_unrated" = x.unrated, "proposals_low" = x.low, "proposals_high" = x.high
FROM (
  SELECT "contest_id",
    count(*) FILTER (WHERE "stars" = 0)::int AS unrated,
    count(*) FILTER (WHERE "stars" BETWEEN 1 AND 2)::int AS low,
    count(*) FILTER (WHERE "stars" BETWEEN 3 AND 5)::int AS high
  FROM "participations" WHERE "is_participating" GROUP BY "contest_id"
) x
WHERE x."contest_id" = "contests"."id";
