-- Second factors (authenticator apps and passkeys), recovery codes, ceremonies in flight,
-- and what a user's sessions list shows (device, IP, last seen) with when each last confirmed a
-- second factor (step-up asks again after 5 minutes).
ALTER TABLE `sessions` ADD `second_factor_at` integer;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `user_agent` text;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `ip` text;
--> statement-breakpoint
ALTER TABLE `sessions` ADD `last_seen_at` integer;
--> statement-breakpoint
UPDATE `sessions` SET `last_seen_at` = `created_at`;
--> statement-breakpoint
CREATE TABLE `second_factors` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`label` text NOT NULL,
	`totp_secret` text,
	`totp_last_step` integer,
	`credential_id` text,
	`public_key` text,
	`sign_count` integer,
	`transports` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `second_factors_credential_id_unique` ON `second_factors` (`credential_id`);
--> statement-breakpoint
CREATE INDEX `second_factors_user_idx` ON `second_factors` (`user_id`);
--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer,
	CONSTRAINT `recovery_codes_pk` PRIMARY KEY(`user_id`, `code_hash`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `auth_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`purpose` text NOT NULL,
	`session_id` text,
	`challenge` text,
	`totp_secret` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`session_id`) REFERENCES `sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `auth_challenges_user_idx` ON `auth_challenges` (`user_id`);
--> statement-breakpoint
CREATE INDEX `auth_challenges_expires_idx` ON `auth_challenges` (`expires_at`);
