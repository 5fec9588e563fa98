ALTER TABLE `import_jobs` ADD `updated_parts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `updated_vehicles` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `updated_compatibilities` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `import_jobs` ADD `run_id` text;