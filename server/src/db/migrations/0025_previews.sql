ALTER TABLE "files" ADD COLUMN "preview_status" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "preview_mime" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "poster_key" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "waveform" jsonb;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_preview_status_check" CHECK ("files"."preview_status" in ('pending', 'ready', 'failed'));
--> statement-breakpoint
-- Every proposal file is previewed again with the mark: the previews made before carry none,
-- and audio, video and PDF had none at all. The catch-up pass queues them.
UPDATE "files" SET "preview_status" = 'pending' WHERE "kind" = 'participation';
--> statement-breakpoint
CREATE INDEX "files_preview_pending_idx" ON "files" USING btree ("id") WHERE "files"."preview_status" = 'pending';
--> statement-breakpoint
CREATE INDEX "files_poster_key_idx" ON "files" USING btree ("poster_key");
