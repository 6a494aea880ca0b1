-- place_order: here checkout became one database function (decision 0065).
-- The body this migration once copied is gone: a database function's source lives in one file of
-- db/functions/, applied after the migrations whenever it changes (docs/decisions/0106).
SELECT 1;
