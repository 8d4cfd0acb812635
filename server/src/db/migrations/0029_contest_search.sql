-- French full-text search over open contests (docs/architecture.md §6). Accents are dropped by
-- the `unaccent` dictionary inside a text search configuration of our own, so that the column,
-- its index and every query fold « Boulangérie » and « boulangerie » alike.
CREATE EXTENSION IF NOT EXISTS "unaccent";
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION "fr" (COPY = pg_catalog.french);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION "fr" ALTER MAPPING FOR hword, hword_part, word WITH "unaccent", french_stem;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "search_vector" tsvector DEFAULT ''::tsvector NOT NULL;
--> statement-breakpoint
-- Kept by the row's own write rather than generated (setting it to DEFAULT computes it again): the sub-category's title lives in its own
-- table. Company and sub-category weigh more than the brief. Only columns a card shows are
-- read, so that migration 0008's announcement of a card's change also drops cached searches.
CREATE FUNCTION "contests_search_vector_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."search_vector" :=
    setweight(to_tsvector('fr', coalesce(NEW."company_name", '')), 'A') ||
    setweight(to_tsvector('fr', coalesce((SELECT "title" FROM "sub_categories" WHERE "id" = NEW."sub_category_id"), '')), 'A') ||
    setweight(to_tsvector('fr', coalesce(NEW."message", '')), 'B');
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contests_search_vector" BEFORE INSERT OR UPDATE OF "company_name", "message", "sub_category_id", "search_vector" ON "contests"
FOR EACH ROW EXECUTE FUNCTION "contests_search_vector_follow"();
--> statement-breakpoint
-- A renamed sub-category (catalogue-sync.ts) renames it in its contests' vectors too.
CREATE FUNCTION "sub_categories_search_vector_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contests" SET "search_vector" = DEFAULT WHERE "sub_category_id" = NEW."id";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sub_categories_search_vector" AFTER UPDATE OF "title" ON "sub_categories"
FOR EACH ROW WHEN (OLD."title" IS DISTINCT FROM NEW."title") EXECUTE FUNCTION "sub_categories_search_vector_follow"();
--> statement-breakpoint
UPDATE "contests" SET "search_vector" = DEFAULT;
--> statement-breakpoint
-- Open contests only, as the search reads them: the planner matches its `status = 2`. Without
-- a pending list: contests are written seldom and searched often, and a search should not wait
-- for a vacuum to merge the newest contests into the index (the planner shuns a long list).
CREATE INDEX "contests_open_search_idx" ON "contests" USING gin ("search_vector") WITH (fastupdate = off) WHERE "status" = 2;
