-- Announcements for the read caches of every instance (docs/decisions/0005): sent with
-- pg_notify in the transaction that makes the change, so delivered only if it commits.
-- Repeated payloads within one transaction are delivered once.
CREATE FUNCTION "announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'session:' || OLD."token_hash");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_change" AFTER UPDATE OR DELETE ON "sessions"
FOR EACH ROW EXECUTE FUNCTION "announce_session_change"();
--> statement-breakpoint
CREATE FUNCTION "announce_user_rights_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'user:' || OLD."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_rights_change" AFTER UPDATE OF "is_admin" ON "users"
FOR EACH ROW WHEN (OLD."is_admin" IS DISTINCT FROM NEW."is_admin") EXECUTE FUNCTION "announce_user_rights_change"();
--> statement-breakpoint
CREATE FUNCTION "announce_listing_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'listing');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contests_announce_listing_insert" AFTER INSERT ON "contests"
FOR EACH ROW WHEN (NEW."status" = 2) EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
CREATE TRIGGER "contests_announce_listing_delete" AFTER DELETE ON "contests"
FOR EACH ROW WHEN (OLD."status" = 2) EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
-- The columns a listing card shows (cardColumns in modules/contests/repository.ts).
CREATE TRIGGER "contests_announce_listing_update" AFTER UPDATE OF
  "status", "created_at", "end_date", "cost_cents", "message", "company_name", "category_id", "sub_category_id", "owner_id", "participations_count"
ON "contests"
FOR EACH ROW WHEN (OLD."status" = 2 OR NEW."status" = 2) EXECUTE FUNCTION "announce_listing_change"();
--> statement-breakpoint
CREATE FUNCTION "announce_participant_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('cache_invalidation', 'participant:' || OLD."user_id");
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('cache_invalidation', 'participant:' || NEW."user_id");
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "participations_announce_insert" AFTER INSERT ON "participations"
FOR EACH ROW WHEN (NEW."is_participating") EXECUTE FUNCTION "announce_participant_change"();
--> statement-breakpoint
CREATE TRIGGER "participations_announce_delete" AFTER DELETE ON "participations"
FOR EACH ROW WHEN (OLD."is_participating") EXECUTE FUNCTION "announce_participant_change"();
--> statement-breakpoint
CREATE TRIGGER "participations_announce_update" AFTER UPDATE OF "is_participating", "user_id", "contest_id" ON "participations"
FOR EACH ROW WHEN (OLD."is_participating" OR NEW."is_participating") EXECUTE FUNCTION "announce_participant_change"();
