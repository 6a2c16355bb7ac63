-- Order entry (issue 15): each exchange sub-account's own trading API key and secret, sealed with
-- AES-256-GCM (domains/orders/key-vault.ts) under the key named by key_id (TRADING_KEYRING), so the
-- keyring can rotate. Never read back by any procedure; only "set or not" leaves the Worker.
CREATE TABLE `account_trading_keys` (
	`account_id` text PRIMARY KEY NOT NULL,
	`key_id` text NOT NULL,
	`sealed_api_key` text NOT NULL,
	`sealed_api_secret` text NOT NULL,
	`set_by` text,
	`set_at` integer NOT NULL,
	FOREIGN KEY (`account_id`) REFERENCES `exchange_accounts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`set_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
