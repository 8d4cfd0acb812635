-- Pseudos are unique by their look-alike key (modules/users/pseudo-key.ts), no longer by their
-- lower case alone. The key needs Unicode's confusables data, which SQL has not: rows get a
-- provisional key here (a space and the id; a real key never holds a space) and the server
-- computes the real ones right after the migrations (db/backfill-pseudo-keys.ts).
ALTER TABLE "users" ADD COLUMN "pseudo_key" text;
--> statement-breakpoint
UPDATE "users" SET "pseudo_key" = ' ' || "id";
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "pseudo_key" SET NOT NULL;
--> statement-breakpoint
DROP INDEX "users_pseudo_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "users_pseudo_key" ON "users" USING btree ("pseudo_key");
