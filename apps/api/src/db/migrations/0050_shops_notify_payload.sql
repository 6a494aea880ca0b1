-- A shop's status, name or slug changed says so in its notification's payload ('shops', notify_channel's second
-- argument): a suspended shop's products leave the whole product list at once on every instance, which otherwise
-- sends the list built before while it rebuilds (issue 26; docs/decisions/0274).
DROP TRIGGER sellers_notify_catalogue_changed ON sellers;--> statement-breakpoint
CREATE TRIGGER sellers_notify_catalogue_changed AFTER UPDATE OF status, shop_name, slug ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('catalogue_changed', 'shops');
