ALTER TABLE "participations" ADD COLUMN "acceptance_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "mission_accepted_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "delivery_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "participations" ADD COLUMN "delivery_alerted_at" timestamp with time zone;
