ALTER TABLE `payments` ADD `credit_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payments` ADD `replaces_subscription_id` integer REFERENCES subscriptions(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_plan_id` integer REFERENCES plans(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_payment_method` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `scheduled_at` integer;--> statement-breakpoint
CREATE INDEX `subscriptions_scheduled_idx` ON `subscriptions` (`scheduled_plan_id`,`expires_at`);