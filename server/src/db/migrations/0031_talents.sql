ALTER TABLE "users" ADD COLUMN "bio" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "talent_public" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "shown_categories" integer[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE INDEX "users_shown_categories_idx" ON "users" USING gin ("shown_categories");
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "portfolio_shown" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE INDEX "participations_portfolio_idx" ON "participations" USING btree ("user_id","final_validated_at","id") WHERE "participations"."portfolio_shown";
--> statement-breakpoint
CREATE TABLE "talent_stats" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"proposals" integer DEFAULT 0 NOT NULL,
	"wins" integer DEFAULT 0 NOT NULL,
	"rated" integer DEFAULT 0 NOT NULL,
	"stars_sum" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "talent_stats" ADD CONSTRAINT "talent_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "talent_stats_wins_idx" ON "talent_stats" USING btree ("wins","user_id") WHERE "talent_stats"."proposals" > 0;
--> statement-breakpoint
CREATE FUNCTION "talent_stats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_proposals integer := 0;
	d_wins integer := 0;
	d_rated integer := 0;
	d_sum integer := 0;
	who integer;
BEGIN
	IF TG_OP <> 'INSERT' THEN
		who := OLD.user_id;
		IF OLD.is_participating AND OLD.withdrawn_by_team_at IS NULL THEN
			d_proposals := d_proposals - 1;
			d_wins := d_wins - OLD.is_winner::integer;
			d_rated := d_rated - (OLD.stars > 0)::integer;
			d_sum := d_sum - OLD.stars;
		END IF;
	END IF;
	IF TG_OP <> 'DELETE' THEN
		who := NEW.user_id;
		IF NEW.is_participating AND NEW.withdrawn_by_team_at IS NULL THEN
			d_proposals := d_proposals + 1;
			d_wins := d_wins + NEW.is_winner::integer;
			d_rated := d_rated + (NEW.stars > 0)::integer;
			d_sum := d_sum + NEW.stars;
		END IF;
	END IF;
	IF d_proposals <> 0 OR d_wins <> 0 OR d_rated <> 0 OR d_sum <> 0 THEN
		INSERT INTO "talent_stats" ("user_id", "proposals", "wins", "rated", "stars_sum") VALUES (who, d_proposals, d_wins, d_rated, d_sum)
		ON CONFLICT ("user_id") DO UPDATE SET
			"proposals" = "talent_stats"."proposals" + excluded."proposals",
			"wins" = "talent_stats"."wins" + excluded."wins",
			"rated" = "talent_stats"."rated" + excluded."rated",
			"stars_sum" = "talent_stats"."stars_sum" + excluded."stars_sum";
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "participations_talent_stats" AFTER INSERT OR DELETE OR UPDATE OF "is_participating", "is_winner", "stars", "withdrawn_by_team_at" ON "participations"
	FOR EACH ROW EXECUTE FUNCTION "talent_stats_follow"();
--> statement-breakpoint
INSERT INTO "talent_stats" ("user_id", "proposals", "wins", "rated", "stars_sum")
	SELECT "user_id", count(*), count(*) FILTER (WHERE "is_winner"), count(*) FILTER (WHERE "stars" > 0), coalesce(sum("stars"), 0)
	FROM "participations" WHERE "is_participating" AND "withdrawn_by_team_at" IS NULL GROUP BY "user_id";
--> statement-breakpoint
CREATE TABLE "contest_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"talent_id" integer NOT NULL,
	"invited_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contest_invitations" ADD CONSTRAINT "contest_invitations_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contest_invitations" ADD CONSTRAINT "contest_invitations_talent_id_users_id_fk" FOREIGN KEY ("talent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contest_invitations" ADD CONSTRAINT "contest_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "contest_invitations_key" ON "contest_invitations" USING btree ("contest_id","talent_id");
--> statement-breakpoint
CREATE INDEX "contest_invitations_talent_idx" ON "contest_invitations" USING btree ("talent_id","created_at");
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" serial PRIMARY KEY NOT NULL,
	"contest_id" integer NOT NULL,
	"token" text NOT NULL,
	"created_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "polls" ADD CONSTRAINT "polls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "polls_token_key" ON "polls" USING btree ("token");
--> statement-breakpoint
CREATE INDEX "polls_contest_idx" ON "polls" USING btree ("contest_id","created_at","id");
--> statement-breakpoint
CREATE TABLE "poll_items" (
	"poll_id" integer NOT NULL,
	"participation_id" integer NOT NULL,
	"position" smallint NOT NULL,
	CONSTRAINT "poll_items_poll_id_participation_id_pk" PRIMARY KEY("poll_id","participation_id")
);
--> statement-breakpoint
ALTER TABLE "poll_items" ADD CONSTRAINT "poll_items_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "poll_items" ADD CONSTRAINT "poll_items_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"id" serial PRIMARY KEY NOT NULL,
	"poll_id" integer NOT NULL,
	"participation_id" integer NOT NULL,
	"voter" text NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_item_fk" FOREIGN KEY ("poll_id","participation_id") REFERENCES "public"."poll_items"("poll_id","participation_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "poll_votes_voter_key" ON "poll_votes" USING btree ("poll_id","voter");
--> statement-breakpoint
CREATE INDEX "poll_votes_item_idx" ON "poll_votes" USING btree ("poll_id","participation_id");
