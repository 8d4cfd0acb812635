-- A talent's reputation counts only contests whose judging is over: finalised (4) or finished
-- (5), the statuses domain's isFinalised names. Stars and winners chosen while a contest is
-- open or awaits its winner stay the organiser's until it is finalised. A talent has one
-- proposal per contest (participations_contest_user_key): rated proposals are rated contests.
-- Adds to a talent's counters, creating their row at the first change.
CREATE FUNCTION "talent_stats_add"(who integer, d_proposals integer, d_wins integer, d_rated integer, d_sum integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO "talent_stats" ("user_id", "proposals", "wins", "rated", "stars_sum") VALUES (who, d_proposals, d_wins, d_rated, d_sum)
	ON CONFLICT ("user_id") DO UPDATE SET
		"proposals" = "talent_stats"."proposals" + excluded."proposals",
		"wins" = "talent_stats"."wins" + excluded."wins",
		"rated" = "talent_stats"."rated" + excluded."rated",
		"stars_sum" = "talent_stats"."stars_sum" + excluded."stars_sum";
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "talent_stats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	d_proposals integer := 0;
	d_wins integer := 0;
	d_rated integer := 0;
	d_sum integer := 0;
	judged boolean;
	who integer;
	contest integer;
BEGIN
	IF TG_OP = 'DELETE' THEN
		who := OLD.user_id; contest := OLD.contest_id;
	ELSE
		who := NEW.user_id; contest := NEW.contest_id;
	END IF;
	-- Ratings and status changes of one contest both hold its row: this reads the status they left.
	SELECT "status" IN (4, 5) INTO judged FROM "contests" WHERE "id" = contest;
	judged := coalesce(judged, false);
	IF TG_OP <> 'INSERT' AND OLD.is_participating AND OLD.withdrawn_by_team_at IS NULL THEN
		d_proposals := d_proposals - 1;
		IF judged THEN
			d_wins := d_wins - OLD.is_winner::integer;
			d_rated := d_rated - (OLD.stars > 0)::integer;
			d_sum := d_sum - OLD.stars;
		END IF;
	END IF;
	IF TG_OP <> 'DELETE' AND NEW.is_participating AND NEW.withdrawn_by_team_at IS NULL THEN
		d_proposals := d_proposals + 1;
		IF judged THEN
			d_wins := d_wins + NEW.is_winner::integer;
			d_rated := d_rated + (NEW.stars > 0)::integer;
			d_sum := d_sum + NEW.stars;
		END IF;
	END IF;
	IF d_proposals <> 0 OR d_wins <> 0 OR d_rated <> 0 OR d_sum <> 0 THEN
		PERFORM "talent_stats_add"(who, d_proposals, d_wins, d_rated, d_sum);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- A contest entering or leaving the finalised statuses brings its talents' wins and stars in or out.
CREATE FUNCTION "talent_stats_follow_contest"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	sign integer;
BEGIN
	IF (OLD.status IN (4, 5)) = (NEW.status IN (4, 5)) THEN
		RETURN NULL;
	END IF;
	sign := CASE WHEN NEW.status IN (4, 5) THEN 1 ELSE -1 END;
	-- In member order, so that two contests changing at once take their talents' rows in one order.
	PERFORM "talent_stats_add"(x.user_id, 0, sign * x.wins, sign * x.rated, sign * x.stars_sum)
	FROM (
		SELECT "user_id", count(*) FILTER (WHERE "is_winner")::integer AS wins, count(*) FILTER (WHERE "stars" > 0)::integer AS rated, coalesce(sum("stars"), 0)::integer AS stars_sum
		FROM "participations"
		WHERE "contest_id" = NEW.id AND "is_participating" AND "withdrawn_by_team_at" IS NULL
		GROUP BY "user_id"
		ORDER BY "user_id"
	) x;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "contests_talent_stats" AFTER UPDATE OF "status" ON "contests"
	FOR EACH ROW EXECUTE FUNCTION "talent_stats_follow_contest"();
--> statement-breakpoint
UPDATE "talent_stats" SET "wins" = 0, "rated" = 0, "stars_sum" = 0;
--> statement-breakpoint
UPDATE "talent_stats" s SET "wins" = x.wins, "rated" = x.rated, "stars_sum" = x.stars_sum
FROM (
	SELECT p."user_id", count(*) FILTER (WHERE p."is_winner") AS wins, count(*) FILTER (WHERE p."stars" > 0) AS rated,
		coalesce(sum(p."stars"), 0) AS stars_sum
	FROM "participations" p JOIN "contests" c ON c."id" = p."contest_id" AND c."status" IN (4, 5)
	WHERE p."is_participating" AND p."withdrawn_by_team_at" IS NULL
	GROUP BY p."user_id"
) x
WHERE s."user_id" = x."user_id";
