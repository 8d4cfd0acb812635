ALTER TABLE "files" ADD COLUMN "dhash" bigint;
--> statement-breakpoint
CREATE TABLE "content_authors" (
	"sha256" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "content_authors" ADD CONSTRAINT "content_authors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- The proposals already stored name their bytes' first author: the earliest sender of each content.
INSERT INTO "content_authors" ("sha256", "user_id", "created_at")
SELECT DISTINCT ON ("sha256") "sha256", "uploaded_by", "created_at" FROM "files" WHERE "kind" = 'participation' ORDER BY "sha256", "created_at", "id";
--> statement-breakpoint
CREATE TABLE "resemblances" (
	"file_id" integer PRIMARY KEY NOT NULL,
	"similar_participation_id" integer NOT NULL,
	"similar_file_id" integer,
	"distance" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resemblances_distance_check" CHECK ("resemblances"."distance" between 0 and 64)
);
--> statement-breakpoint
ALTER TABLE "resemblances" ADD CONSTRAINT "resemblances_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "resemblances" ADD CONSTRAINT "resemblances_similar_participation_id_participations_id_fk" FOREIGN KEY ("similar_participation_id") REFERENCES "public"."participations"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "resemblances" ADD CONSTRAINT "resemblances_similar_file_id_files_id_fk" FOREIGN KEY ("similar_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "participations_winner_idx" ON "participations" USING btree ("winner_at","id") WHERE "participations"."is_winner";
--> statement-breakpoint
ALTER TABLE "reports" ALTER COLUMN "reporter_id" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "file_id" integer;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_automatic_check" CHECK (("reports"."reporter_id" is null) = ("reports"."file_id" is not null));
--> statement-breakpoint
CREATE UNIQUE INDEX "reports_automatic_key" ON "reports" USING btree ("file_id") WHERE "reports"."file_id" is not null;
