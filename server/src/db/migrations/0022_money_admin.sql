ALTER TABLE "promo_codes" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "attempt" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE INDEX "payouts_status_idx" ON "payouts" USING btree ("status","created_at","id");
