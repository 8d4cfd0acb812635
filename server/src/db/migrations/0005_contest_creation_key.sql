ALTER TABLE "contests" ADD COLUMN "creation_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "contests_owner_creation_key" ON "contests" USING btree ("owner_id","creation_key");