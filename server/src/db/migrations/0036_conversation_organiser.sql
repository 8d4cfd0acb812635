-- The organiser's conversation list (modules/messages/conversation-list.ts) reads its page from
-- one index, in its order, instead of a page from each of the organiser's contests: 31 entries
-- instead of up to 50 × 31 for an organiser of 50 contests. A contest's organiser never changes,
-- so each participation carries it, set by the trigger below from the contest, whoever inserts.
ALTER TABLE "participations" ADD COLUMN "organiser_id" integer;
--> statement-breakpoint
UPDATE "participations" p SET "organiser_id" = c."owner_id" FROM "contests" c WHERE c."id" = p."contest_id";
--> statement-breakpoint
ALTER TABLE "participations" ALTER COLUMN "organiser_id" SET NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "participation_organiser_fill"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT "owner_id" INTO NEW."organiser_id" FROM "contests" WHERE "id" = NEW."contest_id";
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "participations_organiser" BEFORE INSERT OR UPDATE OF "contest_id", "organiser_id" ON "participations"
  FOR EACH ROW EXECUTE FUNCTION "participation_organiser_fill"();
--> statement-breakpoint
CREATE INDEX "participations_organiser_conversation_idx" ON "participations" USING btree ("organiser_id", coalesce("last_message_at", "created_at"), "id")
  WHERE "is_participating" or "last_message_at" is not null;
--> statement-breakpoint
DROP INDEX "participations_conversation_idx";
--> statement-breakpoint
ANALYZE "participations";
