-- A session ended (logout, the expiry sweep, or by hand) tells every instance to drop the sessions it
-- keeps looked up (docs/decisions/0088), through the change feeds' function (0060). A new session needs
-- no word: no instance can have looked it up before it existed.
CREATE TRIGGER sessions_notify_changed AFTER DELETE OR UPDATE OR TRUNCATE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('sessions_changed');
