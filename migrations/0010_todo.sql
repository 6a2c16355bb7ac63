CREATE TABLE `todo_items` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`assignee_id` text,
	`due_date` text,
	`priority` text DEFAULT 'normal' NOT NULL,
	`done` integer DEFAULT false NOT NULL,
	`done_at` integer,
	`created_by` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`assignee_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `todo_items_assignee_idx` ON `todo_items` (`assignee_id`);--> statement-breakpoint
CREATE INDEX `todo_items_due_idx` ON `todo_items` (`due_date`);
