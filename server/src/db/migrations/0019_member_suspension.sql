ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "hidden_by_suspension_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "participations_hidden_by_suspension_idx" ON "participations" USING btree ("user_id") WHERE "participations"."hidden_by_suspension_at" is not null;
--> statement-breakpoint
CREATE INDEX "users_email_search_idx" ON "users" USING btree (lower("email") text_pattern_ops);
--> statement-breakpoint
CREATE INDEX "users_pseudo_search_idx" ON "users" USING btree (lower("pseudo") text_pattern_ops);
--> statement-breakpoint
-- A suspension drops the member's kept sessions on every instance, as a change of rights does.
DROP TRIGGER "users_announce_rights_change" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_announce_rights_change" AFTER UPDATE OF "is_admin", "suspended_at" ON "users"
FOR EACH ROW WHEN (OLD."is_admin" IS DISTINCT FROM NEW."is_admin" OR OLD."suspended_at" IS DISTINCT FROM NEW."suspended_at") EXECUTE FUNCTION "announce_user_rights_change"();
