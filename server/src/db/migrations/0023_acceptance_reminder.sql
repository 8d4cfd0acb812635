ALTER TABLE "participations" ADD COLUMN "acceptance_reminded_at" timestamp with time zone;
