CREATE TABLE `request_stats` (
	`hour` text PRIMARY KEY NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`server_errors` integer DEFAULT 0 NOT NULL
);
