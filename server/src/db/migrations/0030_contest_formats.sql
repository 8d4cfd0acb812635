ALTER TABLE "contests" ADD COLUMN "is_private" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "proposals_open" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "has_final_round" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "final_round_started_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "contests" ADD COLUMN "finalists_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "contests" ADD CONSTRAINT "contests_finalists_range" CHECK ("finalists_count" between 0 and 6);
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "is_finalist" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "contest_nda_acceptances" (
	"contest_id" integer NOT NULL REFERENCES "contests"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "users"("id"),
	"text_version" text NOT NULL,
	"text_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_nda_acceptances_pk" PRIMARY KEY("contest_id","user_id")
);
--> statement-breakpoint
CREATE INDEX "contest_nda_acceptances_user_idx" ON "contest_nda_acceptances" ("user_id");
--> statement-breakpoint
-- A private contest is never counted among the open contests anyone can see.
CREATE OR REPLACE FUNCTION "open_contest_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 2 AND NOT OLD."is_private" THEN
    UPDATE "open_contest_counts" SET "n" = "n" - 1
    WHERE "category_id" = OLD."category_id" AND "sub_category_id" = OLD."sub_category_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 2 AND NOT NEW."is_private" THEN
    INSERT INTO "open_contest_counts" ("category_id", "sub_category_id", "n")
    VALUES (NEW."category_id", NEW."sub_category_id", 1)
    ON CONFLICT ("category_id", "sub_category_id") DO UPDATE SET "n" = "open_contest_counts"."n" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER "contests_open_counts" ON "contests";
--> statement-breakpoint
CREATE TRIGGER "contests_open_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "category_id", "sub_category_id", "is_private" ON "contests"
FOR EACH ROW EXECUTE FUNCTION "open_contest_counts_follow"();
