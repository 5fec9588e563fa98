CREATE TABLE `signups` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ip` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `signups_ip_idx` ON `signups` (`ip`,`created_at`);--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `slow_lane` integer DEFAULT false NOT NULL;