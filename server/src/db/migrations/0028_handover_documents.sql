ALTER TABLE "ledger_operations" ADD COLUMN "metadata" jsonb;
--> statement-breakpoint
CREATE TABLE "invoice_sequences" (
	"series" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "invoice_sequences_last_number_check" CHECK ("invoice_sequences"."last_number" >= 0)
);
--> statement-breakpoint
INSERT INTO "invoice_sequences" ("series", "last_number") VALUES ('platform-fee', 0);
--> statement-breakpoint
CREATE TABLE "handovers" (
	"participation_id" integer PRIMARY KEY NOT NULL,
	"invoice_number" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "handovers" ADD CONSTRAINT "handovers_participation_id_participations_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."participations"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "handovers_invoice_number_key" ON "handovers" USING btree ("invoice_number");
--> statement-breakpoint
CREATE INDEX "handovers_pending_idx" ON "handovers" USING btree ("participation_id") WHERE "handovers"."stored_at" is null;
--> statement-breakpoint
CREATE TABLE "handover_documents" (
	"participation_id" integer NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"sha256" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "handover_documents_participation_id_kind_pk" PRIMARY KEY("participation_id","kind"),
	CONSTRAINT "handover_documents_kind_check" CHECK ("handover_documents"."kind" in ('contract', 'statement', 'invoice'))
);
--> statement-breakpoint
ALTER TABLE "handover_documents" ADD CONSTRAINT "handover_documents_participation_id_handovers_participation_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."handovers"("participation_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "handover_documents_storage_key" ON "handover_documents" USING btree ("storage_key");
--> statement-breakpoint
CREATE TABLE "contract_acceptances" (
	"participation_id" integer NOT NULL,
	"role" text NOT NULL,
	"user_id" integer NOT NULL,
	"document_sha256" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	CONSTRAINT "contract_acceptances_participation_id_role_pk" PRIMARY KEY("participation_id","role"),
	CONSTRAINT "contract_acceptances_role_check" CHECK ("contract_acceptances"."role" in ('organiser', 'talent'))
);
--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_participation_id_handovers_participation_id_fk" FOREIGN KEY ("participation_id") REFERENCES "public"."handovers"("participation_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contract_acceptances" ADD CONSTRAINT "contract_acceptances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;
