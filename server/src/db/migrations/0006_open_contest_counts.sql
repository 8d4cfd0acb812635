CREATE TABLE "open_contest_counts" (
	"category_id" integer NOT NULL,
	"sub_category_id" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "open_contest_counts_category_id_sub_category_id_pk" PRIMARY KEY("category_id","sub_category_id")
);
--> statement-breakpoint
INSERT INTO "open_contest_counts" ("category_id", "sub_category_id", "n")
SELECT "category_id", "sub_category_id", count(*) FROM "contests" WHERE "status" = 2 GROUP BY 1, 2;
--> statement-breakpoint
CREATE FUNCTION "open_contest_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."status" = 2 THEN
    UPDATE "open_contest_counts" SET "n" = "n" - 1
    WHERE "category_id" = OLD."category_id" AND "sub_category_id" = OLD."sub_category_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."status" = 2 THEN
    INSERT INTO "open_contest_counts" ("category_id", "sub_category_id", "n")
    VALUES (NEW."category_id", NEW."sub_category_id", 1)
    ON CONFLICT ("category_id", "sub_category_id") DO UPDATE SET "n" = "open_contest_counts"."n" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "contests_open_counts" AFTER INSERT OR DELETE OR UPDATE OF "status", "category_id", "sub_category_id" ON "contests"
FOR EACH ROW EXECUTE FUNCTION "open_contest_counts_follow"();
