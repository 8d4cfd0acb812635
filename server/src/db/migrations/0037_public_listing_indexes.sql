-- The listing shows open public contests only (modules/contests/visibility.ts). Its indexes
-- covered every open contest, so that the planner had to read each row to leave the private ones
-- out: a deep page of all categories read the 10 000 open contests and sorted them (25 to 40 ms
-- on the bench's data) instead of walking the index to its offset. They now hold public ones only.
DROP INDEX "contests_open_created_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_created_idx" ON "contests" USING btree ("created_at", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_category_created_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_category_created_idx" ON "contests" USING btree ("category_id", "created_at", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_sub_category_created_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_created_idx" ON "contests" USING btree ("sub_category_id", "created_at", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_cost_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_cost_idx" ON "contests" USING btree ("cost_cents", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_category_cost_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_category_cost_idx" ON "contests" USING btree ("category_id", "cost_cents", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_sub_category_cost_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_cost_idx" ON "contests" USING btree ("sub_category_id", "cost_cents", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_participations_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_participations_idx" ON "contests" USING btree ("participations_count", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_category_participations_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_category_participations_idx" ON "contests" USING btree ("category_id", "participations_count", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
DROP INDEX "contests_open_sub_category_participations_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_sub_category_participations_idx" ON "contests" USING btree ("sub_category_id", "participations_count", "id") WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
ANALYZE "contests";
