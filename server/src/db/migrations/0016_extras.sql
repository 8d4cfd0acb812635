ALTER TABLE "notifications" ADD COLUMN "mail_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "mailed_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "notifications_mail_due_idx" ON "notifications" USING btree ("mail_due_at") WHERE "mail_due_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "notifications_proposal_mailed_idx" ON "notifications" USING btree ("user_id","contest_id","mailed_at") WHERE "kind" = 'new_proposal' AND "mailed_at" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_contest_closed_key" ON "notifications" USING btree ("user_id","contest_id") WHERE "kind" = 'contest_closed';
--> statement-breakpoint
CREATE TABLE "mail_opt_outs" (
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_opt_outs_user_id_kind_pk" PRIMARY KEY("user_id","kind")
);
--> statement-breakpoint
ALTER TABLE "mail_opt_outs" ADD CONSTRAINT "mail_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
