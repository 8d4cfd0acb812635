-- Open contests by end date, then id: the search's candidates (modules/search/repository.ts) are
-- the first matches in this order, read from the index until enough are found; with the id the
-- order is total, so the scan stops at the last one it needs instead of finishing a run of
-- contests that end at the same moment.
DROP INDEX IF EXISTS "contests_open_end_date_idx";
--> statement-breakpoint
CREATE INDEX "contests_open_end_date_idx" ON "contests" USING btree ("end_date", "id") WHERE "status" = 2;
--> statement-breakpoint
-- The same within a category, for a search filtered by one.
CREATE INDEX "contests_open_category_end_date_idx" ON "contests" USING btree ("category_id", "end_date", "id") WHERE "status" = 2;
