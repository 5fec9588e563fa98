ALTER TABLE `payments` ADD `checkout_id` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `provider_status` text;--> statement-breakpoint
ALTER TABLE `payments` ADD `next_check_at` integer;--> statement-breakpoint
ALTER TABLE `payments` ADD `check_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_next_check_idx` ON `payments` (`status`,`next_check_at`);