CREATE TABLE `company_identity` (
	`id` integer PRIMARY KEY NOT NULL,
	`legal_name` text,
	`cnpj` text,
	`address` text,
	`city` text,
	`state` text,
	`postal_code` text,
	`email` text,
	`whatsapp` text,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
ALTER TABLE `payments` ADD `payer_tax_id` text;