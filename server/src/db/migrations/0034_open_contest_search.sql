-- The search's own narrow table (modules/search/repository.ts): one row per open public contest,
-- with only what a search filters, orders and ranks on. Open contests lie scattered among all
-- the contests ever made; a search that reads a hundred of them touched a hundred pages of the
-- wide table, and its planner weighed every index of it. Kept by the trigger below in the
-- transaction that changes the contest, so it never disagrees with `contests`.
CREATE TABLE "open_contest_search" (
  "contest_id" integer PRIMARY KEY NOT NULL REFERENCES "contests"("id") ON DELETE CASCADE,
  "category_id" integer NOT NULL,
  "sub_category_id" integer NOT NULL,
  "cost_cents" integer NOT NULL,
  "end_date" timestamp with time zone,
  "search_vector" tsvector NOT NULL
);
--> statement-breakpoint
CREATE INDEX "open_contest_search_vector_idx" ON "open_contest_search" USING gin ("search_vector") WITH (fastupdate = off);
--> statement-breakpoint
CREATE INDEX "open_contest_search_end_idx" ON "open_contest_search" USING btree ("end_date", "contest_id");
--> statement-breakpoint
CREATE INDEX "open_contest_search_category_end_idx" ON "open_contest_search" USING btree ("category_id", "end_date", "contest_id");
--> statement-breakpoint
-- What a search may show: open (status 2) and not private, as `searchableContests` says. The
-- company and the brief are named because the vector follows them (migration 0029) while an
-- UPDATE that names only them does not name the vector.
CREATE FUNCTION "open_contest_search_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR NOT (NEW."status" = 2 AND NOT NEW."is_private") THEN
    IF TG_OP <> 'INSERT' THEN
      DELETE FROM "open_contest_search" WHERE "contest_id" = OLD."id";
    END IF;
    RETURN NULL;
  END IF;
  INSERT INTO "open_contest_search" ("contest_id", "category_id", "sub_category_id", "cost_cents", "end_date", "search_vector")
  VALUES (NEW."id", NEW."category_id", NEW."sub_category_id", NEW."cost_cents", NEW."end_date", NEW."search_vector")
  ON CONFLICT ("contest_id") DO UPDATE SET
    "category_id" = EXCLUDED."category_id",
    "sub_category_id" = EXCLUDED."sub_category_id",
    "cost_cents" = EXCLUDED."cost_cents",
    "end_date" = EXCLUDED."end_date",
    "search_vector" = EXCLUDED."search_vector";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "open_contest_search" AFTER INSERT OR DELETE OR UPDATE OF "status", "is_private", "category_id", "sub_category_id", "cost_cents", "end_date", "company_name", "message", "search_vector" ON "contests"
FOR EACH ROW EXECUTE FUNCTION "open_contest_search_follow"();
--> statement-breakpoint
INSERT INTO "open_contest_search" ("contest_id", "category_id", "sub_category_id", "cost_cents", "end_date", "search_vector")
SELECT "id", "category_id", "sub_category_id", "cost_cents", "end_date", "search_vector" FROM "contests" WHERE "status" = 2 AND NOT "is_private";
--> statement-breakpoint
-- Statistics at once: until autovacuum comes by, the planner would take the new table for empty
-- and read every matching row of a common word.
ANALYZE "open_contest_search";
