-- A session also ends after a period without use: its last use is kept, touched at most
-- once an hour. Existing sessions count from this migration.
ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A new e-mail address waits here until its confirmation link is clicked; the current one
-- stays in force meanwhile.
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
-- The address an e-mailed link is about: the new address it confirms, or the old one it restores.
ALTER TABLE "email_tokens" ADD COLUMN "email" text;
