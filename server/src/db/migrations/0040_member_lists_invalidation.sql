-- Two lists kept in memory, each a member's own: the conversation lists
-- (modules/messages/conversation-list-cache.ts) and the organiser's pages of proposals
-- (modules/participations/proposals-cache.ts). These triggers announce, in the transaction that
-- makes it, every change to what they show:
-- - 'conversations:' and a member's id: both sides of a participation that is sent, withdrawn,
--   chosen or written to, or of a message sent or read; the organiser and every talent of a
--   contest whose status, company or sub-category changes;
-- - 'proposals:' and a contest's id: any change to the contest, to one of its participations, to
--   their files or to what the originality check found in them;
-- - 'talent-record:' and a member's id: their record as a talent, shown beside each proposal;
-- - 'member-pseudo:' and a member's id: a new pseudonym, shown in both lists and on the pages
--   of the contests they organise (instead of 0039's 'contest-owner:');
-- - 'sub-categories': any change to them.
-- Participations, messages, files and resemblances are announced once per statement, for the
-- members and contests it touched, so that a bulk insert sends one announcement for each.
CREATE FUNCTION "announce_lists_of_participations"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('cache_invalidation', 'conversations:' || "member")
    FROM (SELECT "user_id" FROM "old_rows" UNION SELECT "organiser_id" FROM "old_rows") AS "members"("member");
    PERFORM pg_notify('cache_invalidation', 'proposals:' || "contest_id") FROM (SELECT DISTINCT "contest_id" FROM "old_rows") AS "changed";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('cache_invalidation', 'conversations:' || "member")
    FROM (SELECT "user_id" FROM "new_rows" UNION SELECT "organiser_id" FROM "new_rows") AS "members"("member");
    PERFORM pg_notify('cache_invalidation', 'proposals:' || "contest_id") FROM (SELECT DISTINCT "contest_id" FROM "new_rows") AS "changed";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "participations_announce_lists_insert" AFTER INSERT ON "participations"
REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_lists_of_participations"();
--> statement-breakpoint
CREATE TRIGGER "participations_announce_lists_update" AFTER UPDATE ON "participations"
REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_lists_of_participations"();
--> statement-breakpoint
CREATE TRIGGER "participations_announce_lists_delete" AFTER DELETE ON "participations"
REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_lists_of_participations"();
--> statement-breakpoint
-- The triggers below name their rows "changed_rows" whatever the operation: the inserted or
-- updated rows as they are now, the deleted ones as they were.
CREATE FUNCTION "announce_conversations_of_messages"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'conversations:' || "member")
  FROM (
    SELECT DISTINCT unnest(ARRAY[p."user_id", p."organiser_id"])
    FROM "changed_rows" m JOIN "participations" p ON p."id" = m."participation_id"
  ) AS "members"("member");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_announce_conversations_insert" AFTER INSERT ON "messages"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_conversations_of_messages"();
--> statement-breakpoint
CREATE TRIGGER "messages_announce_conversations_update" AFTER UPDATE ON "messages"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_conversations_of_messages"();
--> statement-breakpoint
CREATE TRIGGER "messages_announce_conversations_delete" AFTER DELETE ON "messages"
REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_conversations_of_messages"();
--> statement-breakpoint
CREATE FUNCTION "announce_proposals_of_files"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'proposals:' || "contest_id")
  FROM (SELECT DISTINCT p."contest_id" FROM "changed_rows" f JOIN "participations" p ON p."id" = f."participation_id") AS "changed";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "files_announce_proposals_insert" AFTER INSERT ON "files"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_files"();
--> statement-breakpoint
CREATE TRIGGER "files_announce_proposals_update" AFTER UPDATE ON "files"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_files"();
--> statement-breakpoint
CREATE TRIGGER "files_announce_proposals_delete" AFTER DELETE ON "files"
REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_files"();
--> statement-breakpoint
CREATE FUNCTION "announce_proposals_of_resemblances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'proposals:' || "contest_id")
  FROM (
    SELECT DISTINCT p."contest_id" FROM "changed_rows" r JOIN "files" f ON f."id" = r."file_id" JOIN "participations" p ON p."id" = f."participation_id"
  ) AS "changed";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "resemblances_announce_proposals_insert" AFTER INSERT ON "resemblances"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_resemblances"();
--> statement-breakpoint
CREATE TRIGGER "resemblances_announce_proposals_update" AFTER UPDATE ON "resemblances"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_resemblances"();
--> statement-breakpoint
CREATE TRIGGER "resemblances_announce_proposals_delete" AFTER DELETE ON "resemblances"
REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_proposals_of_resemblances"();
--> statement-breakpoint
CREATE FUNCTION "announce_talent_records"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'talent-record:' || "user_id") FROM "changed_rows";
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "talent_stats_announce_insert" AFTER INSERT ON "talent_stats"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_talent_records"();
--> statement-breakpoint
CREATE TRIGGER "talent_stats_announce_update" AFTER UPDATE ON "talent_stats"
REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_talent_records"();
--> statement-breakpoint
CREATE TRIGGER "talent_stats_announce_delete" AFTER DELETE ON "talent_stats"
REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_talent_records"();
--> statement-breakpoint
CREATE FUNCTION "announce_contest_lists"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'proposals:' || OLD."id");
  IF TG_OP = 'UPDATE' AND (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."company_name" IS DISTINCT FROM NEW."company_name" OR OLD."sub_category_id" IS DISTINCT FROM NEW."sub_category_id") THEN
    PERFORM pg_notify('cache_invalidation', 'conversations:' || NEW."owner_id");
    PERFORM pg_notify('cache_invalidation', 'conversations:' || "user_id") FROM "participations" WHERE "contest_id" = NEW."id";
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contests_announce_lists" AFTER UPDATE OR DELETE ON "contests"
FOR EACH ROW EXECUTE FUNCTION "announce_contest_lists"();
--> statement-breakpoint
CREATE FUNCTION "announce_member_pseudo"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'member-pseudo:' || OLD."id");
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_member_pseudo" AFTER UPDATE OF "pseudo" ON "users"
FOR EACH ROW WHEN (OLD."pseudo" IS DISTINCT FROM NEW."pseudo") EXECUTE FUNCTION "announce_member_pseudo"();
--> statement-breakpoint
-- The contest pages (migration 0039) hear the same announcement.
DROP TRIGGER "users_announce_pseudo_change" ON "users";
--> statement-breakpoint
CREATE FUNCTION "announce_sub_categories"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cache_invalidation', 'sub-categories');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "sub_categories_announce_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sub_categories"
FOR EACH STATEMENT EXECUTE FUNCTION "announce_sub_categories"();
