ALTER TABLE "payments" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promotion_attempt" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
UPDATE "payments" p SET "promo_code_id" = c."promo_code_id", "discount_cents" = p."prizes" * c."cost_cents" - p."amount_cents"
FROM "contests" c
WHERE c."id" = p."contest_id" AND c."promo_code_id" IS NOT NULL AND p."purpose" = 'contest' AND p."status" <> 'failed'
  AND p."amount_cents" < p."prizes" * c."cost_cents"
  AND p."id" = (
    SELECT min(q."id") FROM "payments" q
    WHERE q."contest_id" = p."contest_id" AND q."purpose" = 'contest' AND q."status" <> 'failed' AND q."amount_cents" < q."prizes" * c."cost_cents"
  );--> statement-breakpoint
UPDATE "promo_codes" pc SET "uses" = (SELECT count(*) FROM "payments" p WHERE p."promo_code_id" = pc."id" AND p."status" <> 'failed');--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_with_code" CHECK ("payments"."discount_cents" >= 0 and ("payments"."discount_cents" > 0) = ("payments"."promo_code_id" is not null));--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_promotion_per_contest" ON "payments" USING btree ("contest_id") WHERE "payments"."promo_code_id" is not null and "payments"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "payments_promo_code_idx" ON "payments" USING btree ("promo_code_id") WHERE "payments"."promo_code_id" is not null;
