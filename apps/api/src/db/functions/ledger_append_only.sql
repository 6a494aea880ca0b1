-- ledger_append_only: the shops' ledger is append-only (issue 26, docs/decisions/0122). Nothing may change or
-- remove an entry, whatever the code or a hand-typed statement does: a correction is a new entry. Applied at
-- every start after the migrations (db/functions.ts, decision 0106), with its triggers (CREATE OR REPLACE:
-- re-applying is a no-op), since a trigger needs its function and the folder's files come after the migrations.
CREATE OR REPLACE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'GC422', MESSAGE = 'ledger entries are never changed or deleted: record a correcting entry';
END $$;
CREATE OR REPLACE TRIGGER ledger_entries_no_change BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
CREATE OR REPLACE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
