DROP INDEX `part_alt_codes_norm_idx`;--> statement-breakpoint
CREATE INDEX `part_alt_codes_norm_part_idx` ON `part_alternative_codes` (`alternative_code_norm`,`part_id`);