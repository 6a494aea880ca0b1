-- A shop's status, name or slug changed is heard on the orders' channel too: the seller area's pages of orders, kept
-- until an order changes, name each order's shop and its standing (the operator's Delivered of a cash order depends on
-- it, docs/decisions/0277), and a renamed or suspended shop showed as it was until the next order changed.
CREATE TRIGGER sellers_notify_orders_changed AFTER UPDATE OF status, shop_name, slug ON sellers
  FOR EACH STATEMENT EXECUTE FUNCTION notify_channel('orders_changed');
