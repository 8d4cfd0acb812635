ALTER TABLE "users" ADD COLUMN "avatar_key" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "avatar_hash" text;
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_avatar_check" CHECK (("avatar_key" IS NULL) = ("avatar_hash" IS NULL));
--> statement-breakpoint
CREATE INDEX "users_avatar_key_idx" ON "users" USING btree ("avatar_key") WHERE "users"."avatar_key" IS NOT NULL;
