-- Trigram matching for the catalogue's search (name contains, and close matches for a misspelling):
-- docs/decisions/0013. PGlite loads the extension on every open (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
