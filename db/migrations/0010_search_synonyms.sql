CREATE TABLE `calendar_years` (
	`year` integer PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE `search_synonyms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`term` text NOT NULL,
	`meaning` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_synonyms_term_meaning_unique` ON `search_synonyms` (`term`,`meaning`);--> statement-breakpoint
DROP INDEX `part_vehicles_vehicle_idx`;--> statement-breakpoint
CREATE INDEX `part_vehicles_vehicle_idx` ON `part_vehicles` (`vehicle_id`,`part_id`,`position`);--> statement-breakpoint
ALTER TABLE `parts` ADD `fitment_keys` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `vehicles_model_year_idx` ON `vehicles` (`model`,`year`);--> statement-breakpoint
CREATE INDEX `vehicles_updated_idx` ON `vehicles` (`updated_at`);
--> statement-breakpoint
-- The model years a fitment may cover: its year ranges are spelled out against this list.
INSERT INTO calendar_years(year) SELECT 1900 + value FROM json_each('[' || (
  SELECT group_concat(n, ',') FROM (SELECT a.value * 20 + b.value AS n FROM json_each('[0,1,2,3,4,5,6,7,8,9]') a, json_each('[0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19]') b)
) || ']');
--> statement-breakpoint
-- A part's fitting brands and models, alone and with each model year, as one-word keys
-- ("mvolkswagengoly2015": a Gol of 2015, by its vehicle's year or inside its fitment's range):
-- the descriptions index narrows by vehicle with them (ADR 0032).
CREATE VIEW `part_fitment_tokens` AS
  SELECT pv.part_id AS part_id, 'b' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.brand, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') AS token FROM part_vehicles pv JOIN vehicles v ON v.id = pv.vehicle_id
  UNION SELECT pv.part_id, 'm' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.brand, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.model, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') FROM part_vehicles pv JOIN vehicles v ON v.id = pv.vehicle_id
  UNION SELECT pv.part_id, 'y' || y.year FROM part_vehicles pv JOIN vehicles v ON v.id = pv.vehicle_id
    JOIN calendar_years y ON y.year BETWEEN min(v.year, coalesce(pv.year_from, v.year))
                                        AND max(v.year, coalesce(pv.year_to, v.year))
  UNION SELECT pv.part_id, 'b' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.brand, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') || 'y' || y.year FROM part_vehicles pv JOIN vehicles v ON v.id = pv.vehicle_id
    JOIN calendar_years y ON y.year BETWEEN min(v.year, coalesce(pv.year_from, v.year))
                                        AND max(v.year, coalesce(pv.year_to, v.year))
  UNION SELECT pv.part_id, 'm' || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.brand, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') || replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(replace(v.model, ' ', ''), '-', ''), '.', ''), '/', ''), '''', ''), '(', ''), ')', ''), '+', ''), '&', ''), ',', ''), '_', ''), ':', ''), '*', ''), '!', ''), '#', ''), ';', '') || 'y' || y.year FROM part_vehicles pv JOIN vehicles v ON v.id = pv.vehicle_id
    JOIN calendar_years y ON y.year BETWEEN min(v.year, coalesce(pv.year_from, v.year))
                                        AND max(v.year, coalesce(pv.year_to, v.year));
--> statement-breakpoint
-- One pass over every fitment (a correlated lookup per part would rescan the view each time).
UPDATE parts SET fitment_keys = k.keys
FROM (SELECT part_id, group_concat(token, ' ') AS keys FROM part_fitment_tokens GROUP BY part_id) AS k
WHERE k.part_id = parts.id;
--> statement-breakpoint
-- A fitment or vehicle change marks its parts; their keys are recomputed in bulk by the search
-- (app/models/search/fitment-keys.server.ts) and at the end of each import batch, not per row.
CREATE TABLE `search_dirty_parts` (`part_id` integer PRIMARY KEY NOT NULL) WITHOUT ROWID;
--> statement-breakpoint
CREATE TRIGGER `search_dirty_after_fitment_insert` AFTER INSERT ON `part_vehicles` BEGIN
  INSERT OR IGNORE INTO search_dirty_parts(part_id) VALUES (new.part_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_dirty_after_fitment_delete` AFTER DELETE ON `part_vehicles` BEGIN
  INSERT OR IGNORE INTO search_dirty_parts(part_id) VALUES (old.part_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_dirty_after_fitment_update` AFTER UPDATE OF part_id, vehicle_id, year_from, year_to ON `part_vehicles` BEGIN
  INSERT OR IGNORE INTO search_dirty_parts(part_id) VALUES (old.part_id);
  INSERT OR IGNORE INTO search_dirty_parts(part_id) VALUES (new.part_id);
END;
--> statement-breakpoint
CREATE TRIGGER `search_dirty_after_vehicle_update` AFTER UPDATE OF brand, model, year ON `vehicles` BEGIN
  INSERT OR IGNORE INTO search_dirty_parts(part_id)
  SELECT part_id FROM part_vehicles WHERE vehicle_id = new.id;
END;
--> statement-breakpoint
-- The descriptions index gains the category's name (so "suspensao gol" finds the parts filed under
-- Suspensão, and a name outranks a category) and the fitment keys. External content is a view over
-- parts and categories; triggers on both keep the index in step.
DROP TRIGGER IF EXISTS `parts_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `parts_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `parts_fts_after_update`;
--> statement-breakpoint
DROP TABLE IF EXISTS `parts_fts`;
--> statement-breakpoint
CREATE VIEW `parts_fts_source` AS
  SELECT p.id AS id, p.name AS name, coalesce(c.name, '') AS category,
         coalesce(p.description, '') AS description, p.manufacturer AS manufacturer,
         p.fitment_keys AS fitment_keys
  FROM parts p LEFT JOIN categories c ON c.id = p.category_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `parts_fts` USING fts5(
  name,
  category,
  description,
  manufacturer,
  fitment_keys,
  content='parts_fts_source',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2',
  prefix='3'
);
--> statement-breakpoint
INSERT INTO parts_fts(parts_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_insert` AFTER INSERT ON `parts` BEGIN
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer, fitment_keys)
  VALUES (new.id, new.name, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''),
          coalesce(new.description, ''), new.manufacturer, new.fitment_keys);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_delete` AFTER DELETE ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer, fitment_keys)
  VALUES ('delete', old.id, old.name, coalesce((SELECT name FROM categories WHERE id = old.category_id), ''),
          coalesce(old.description, ''), old.manufacturer, old.fitment_keys);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_update` AFTER UPDATE OF name, category_id, description, manufacturer, fitment_keys ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer, fitment_keys)
  VALUES ('delete', old.id, old.name, coalesce((SELECT name FROM categories WHERE id = old.category_id), ''),
          coalesce(old.description, ''), old.manufacturer, old.fitment_keys);
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer, fitment_keys)
  VALUES (new.id, new.name, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''),
          coalesce(new.description, ''), new.manufacturer, new.fitment_keys);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_category_rename` AFTER UPDATE OF name ON `categories` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer, fitment_keys)
  SELECT 'delete', p.id, p.name, old.name, coalesce(p.description, ''), p.manufacturer, p.fitment_keys
  FROM parts p WHERE p.category_id = old.id;
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer, fitment_keys)
  SELECT p.id, p.name, new.name, coalesce(p.description, ''), p.manufacturer, p.fitment_keys
  FROM parts p WHERE p.category_id = new.id;
END;
--> statement-breakpoint
-- The index's words per column with how many parts hold each: the vocabulary misspelt words are
-- corrected against (the fitment keys are left out by the reader).
CREATE VIRTUAL TABLE `parts_fts_vocab` USING fts5vocab('parts_fts', 'col');
--> statement-breakpoint
-- The common shop abbreviations and synonyms; admins edit them on /admin/synonyms.
INSERT INTO `search_synonyms` (`term`, `meaning`) VALUES
  ('diant', 'dianteiro'),
  ('dianteira', 'dianteiro'),
  ('dianteiro', 'dianteira'),
  ('diat', 'dianteiro'),
  ('dian', 'dianteiro'),
  ('dt', 'dianteiro'),
  ('dto', 'dianteiro'),
  ('tras', 'traseiro'),
  ('traseira', 'traseiro'),
  ('traseiro', 'traseira'),
  ('tra', 'traseiro'),
  ('tr', 'traseiro'),
  ('esq', 'esquerdo'),
  ('esquerda', 'esquerdo'),
  ('esquerdo', 'esquerda'),
  ('le', 'esquerdo'),
  ('dir', 'direito'),
  ('direita', 'direito'),
  ('direito', 'direita'),
  ('ld', 'direito'),
  ('amort', 'amortecedor'),
  ('amortec', 'amortecedor'),
  ('amortecedo', 'amortecedor'),
  ('past', 'pastilha'),
  ('pastilh', 'pastilha'),
  ('pst', 'pastilha'),
  ('filt', 'filtro'),
  ('fltr', 'filtro'),
  ('emb', 'embreagem'),
  ('embreag', 'embreagem'),
  ('embr', 'embreagem'),
  ('susp', 'suspensao'),
  ('suspens', 'suspensao'),
  ('hom', 'homocinetica'),
  ('homocin', 'homocinetica'),
  ('homocinetico', 'homocinetica'),
  ('trizeta', 'homocinetica'),
  ('cx', 'caixa'),
  ('ign', 'ignicao'),
  ('comb', 'combustivel'),
  ('arref', 'arrefecimento'),
  ('cond', 'condicionado'),
  ('polen', 'cabine'),
  ('antipolen', 'cabine'),
  ('balanca', 'bandeja'),
  ('braco', 'bandeja'),
  ('leque', 'bandeja'),
  ('calco', 'coxim'),
  ('coxins', 'coxim'),
  ('arranque', 'partida'),
  ('termostato', 'termostatica'),
  ('termostatico', 'termostatica'),
  ('lambda', 'sonda'),
  ('oxigenio', 'sonda'),
  ('vaso', 'reservatorio'),
  ('garrafa', 'reservatorio'),
  ('expansao', 'reservatorio'),
  ('sincronizadora', 'dentada'),
  ('distribuicao', 'dentada'),
  ('poly', 'poly-v'),
  ('multiv', 'poly-v'),
  ('acessorio', 'acessorios'),
  ('velas', 'vela'),
  ('cabos', 'cabo'),
  ('dagua', 'agua'),
  ('lonas', 'lona'),
  ('sapatas', 'sapata'),
  ('bieletas', 'bieleta'),
  ('link', 'bieleta'),
  ('tirante', 'bieleta'),
  ('pivos', 'pivo'),
  ('terminais', 'terminal'),
  ('guarda-po', 'coifa'),
  ('guardapo', 'coifa'),
  ('vw', 'volkswagen'),
  ('volks', 'volkswagen'),
  ('wolks', 'volkswagen'),
  ('gm', 'chevrolet'),
  ('chevy', 'chevrolet'),
  ('mb', 'mercedes-benz'),
  ('mercedes', 'mercedes-benz'),
  ('benz', 'mercedes-benz'),
  ('mitsu', 'mitsubishi'),
  ('hyunday', 'hyundai'),
  ('hiunday', 'hyundai');
