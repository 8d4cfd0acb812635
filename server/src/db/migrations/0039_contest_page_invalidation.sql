-- The contest page kept in memory (modules/contests/details-cache.ts) holds published public
-- contests only. These triggers announce, in the transaction that makes it, every change to
-- what such a page shows: the contest row (any column, including a move to private or back to
-- a draft), its chosen options, the catalogue's options, and its organiser's pseudonym.
-- The changed row's id, after the kind named by the trigger: 'contest:' (a contest) or
-- 'contest-owner:' (a member, as the organiser of the pages that show their pseudonym).
CREATE FUNCTION "announce_contest_page_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', TG_ARGV[0] || OLD."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contests_announce_page_change" AFTER UPDATE OR DELETE ON "contests"
FOR EACH ROW WHEN (OLD."status" >= 2 AND NOT OLD."is_private") EXECUTE FUNCTION "announce_contest_page_change"('contest:');
--> statement-breakpoint
CREATE FUNCTION "announce_contest_options_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('cache_invalidation', 'contest:' || OLD."contest_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('cache_invalidation', 'contest:' || NEW."contest_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contest_options_announce_change" AFTER INSERT OR UPDATE OR DELETE ON "contest_options"
FOR EACH ROW EXECUTE FUNCTION "announce_contest_options_change"();
--> statement-breakpoint
CREATE FUNCTION "announce_catalogue_options_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'contest-catalogue');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "options_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "options"
FOR EACH STATEMENT EXECUTE FUNCTION "announce_catalogue_options_change"();
--> statement-breakpoint
CREATE TRIGGER "users_announce_pseudo_change" AFTER UPDATE OF "pseudo" ON "users"
FOR EACH ROW WHEN (OLD."pseudo" IS DISTINCT FROM NEW."pseudo") EXECUTE FUNCTION "announce_contest_page_change"('contest-owner:');
