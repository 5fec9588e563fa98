-- ADR 0029. Sessions now keep SHA-256(token) in `id`, never the token: SQLite has no SHA-256 to
-- hash the rows already there, so they are deleted (everyone signs in again, API clients get new
-- tokens). Login attempts now keep a hash of the e-mail: the old rows (raw e-mails) are deleted
-- (the throttle's windows start afresh).
DELETE FROM `sessions`;--> statement-breakpoint
DELETE FROM `login_attempts`;--> statement-breakpoint
ALTER TABLE `login_attempts` ADD `device` text;--> statement-breakpoint
CREATE INDEX `login_attempts_device_idx` ON `login_attempts` (`device`,`created_at`);
