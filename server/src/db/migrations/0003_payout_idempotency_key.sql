ALTER TABLE "payouts" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_user_idempotency_key" ON "payouts" USING btree ("user_id","idempotency_key");