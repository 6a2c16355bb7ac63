-- Orders whose outcome is not recorded yet (pending, unknown), oldest first, for the minute cron's
-- sweep (worker/domains/orders/order-sweep.ts): it reads a few dozen a run without scanning every order.
CREATE INDEX `orders_unsettled_idx` ON `orders` (`updated_at`) WHERE `status` IN ('pending', 'unknown');
