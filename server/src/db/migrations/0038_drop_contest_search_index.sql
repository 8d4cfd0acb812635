-- Since 0034 every search reads the narrow copy `open_contest_search`, with and without words.
-- The GIN index on the wide table served no query any more and still cost each write to an open
-- contest (its brief, its company, its status). `contests.search_vector` stays: the narrow
-- table's trigger copies it from there.
DROP INDEX IF EXISTS "contests_open_search_idx";
