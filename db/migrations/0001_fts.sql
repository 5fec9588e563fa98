-- Full-text index over part descriptions. drizzle cannot express FTS5, so it lives here.
-- External content: the index reads text from `parts`; triggers keep it in step.
CREATE VIRTUAL TABLE `parts_fts` USING fts5(
  name,
  description,
  manufacturer,
  content='parts',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2',
  prefix='3'
);
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_insert` AFTER INSERT ON `parts` BEGIN
  INSERT INTO parts_fts(rowid, name, description, manufacturer)
  VALUES (new.id, new.name, coalesce(new.description, ''), new.manufacturer);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_delete` AFTER DELETE ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, description, manufacturer)
  VALUES ('delete', old.id, old.name, coalesce(old.description, ''), old.manufacturer);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_update` AFTER UPDATE OF name, description, manufacturer ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, description, manufacturer)
  VALUES ('delete', old.id, old.name, coalesce(old.description, ''), old.manufacturer);
  INSERT INTO parts_fts(rowid, name, description, manufacturer)
  VALUES (new.id, new.name, coalesce(new.description, ''), new.manufacturer);
END;
