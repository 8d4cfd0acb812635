-- Poll voters are named by the server, no longer by the browser (modules/talents/polls.ts): a
-- member votes as themselves, a visitor with an address confirmed by a link. Votes cast with a
-- browser token keep it in `voter` and keep counting. `refused_votes` counts the second votes
-- of a member or an address and the links followed again.
ALTER TABLE "polls" ADD COLUMN "refused_votes" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "poll_votes" ALTER COLUMN "voter" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "user_id" integer;
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD COLUMN "email_hash" text;
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_voter_check" CHECK ("voter" is not null or "email_hash" is not null);
--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_member_key" ON "poll_votes" USING btree ("poll_id","user_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_email_key" ON "poll_votes" USING btree ("poll_id","email_hash");
--> statement-breakpoint
CREATE TABLE "poll_vote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"participation_id" integer NOT NULL,
	"email_hash" text NOT NULL,
	"comment" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "poll_vote_requests" ADD CONSTRAINT "poll_vote_requests_item_fk" FOREIGN KEY ("poll_id","participation_id") REFERENCES "public"."poll_items"("poll_id","participation_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "poll_vote_requests_token_key" ON "poll_vote_requests" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "poll_vote_requests_unused_idx" ON "poll_vote_requests" USING btree ("poll_id","expires_at") WHERE "used_at" is null;
