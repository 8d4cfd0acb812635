-- A search with a prize range reads the open contests in that range by this index, instead of
-- every open contest when its words are common to most of them (docs/architecture.md §6).
CREATE INDEX "open_contest_search_cost_idx" ON "open_contest_search" ("cost_cents", "end_date", "contest_id");
--> statement-breakpoint
ANALYZE "open_contest_search";
