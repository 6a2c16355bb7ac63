-- The audit trail, append-only. The triggers make UPDATE and DELETE fail for every
-- caller, so retention is "forever" until a reviewed migration says otherwise (at least a year is
-- required); docs/SECURITY.md "Audit trail", sizing in docs/RELIABILITY.md §4.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_email` text,
	`session_id` text,
	`ip` text,
	`action` text NOT NULL,
	`target_type` text,
	`target_id` text,
	`target_label` text,
	`trader_id` text,
	`before` text,
	`after` text,
	`result` text NOT NULL,
	`reason` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_target_idx` ON `audit_log` (`target_id`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_target_label_idx` ON `audit_log` (`target_label`,`id`);
--> statement-breakpoint
CREATE INDEX `audit_log_trader_idx` ON `audit_log` (`trader_id`,`id`);
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_update` BEFORE UPDATE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
--> statement-breakpoint
CREATE TRIGGER `audit_log_no_delete` BEFORE DELETE ON `audit_log`
BEGIN
	SELECT RAISE(ABORT, 'audit_log is append-only');
END;
