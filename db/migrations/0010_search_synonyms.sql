CREATE TABLE `search_synonyms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`term` text NOT NULL,
	`meaning` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `search_synonyms_term_meaning_unique` ON `search_synonyms` (`term`,`meaning`);--> statement-breakpoint
CREATE INDEX `vehicles_model_year_idx` ON `vehicles` (`model`,`year`);
--> statement-breakpoint
-- The descriptions index gains the category's name, so "suspensao gol" finds the parts filed under
-- Suspensão and a name can outrank a category, and a category a description (bm25 column weights).
-- External content is a view over parts and categories; triggers on both keep the index in step.
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
         coalesce(p.description, '') AS description, p.manufacturer AS manufacturer
  FROM parts p LEFT JOIN categories c ON c.id = p.category_id;
--> statement-breakpoint
CREATE VIRTUAL TABLE `parts_fts` USING fts5(
  name,
  category,
  description,
  manufacturer,
  content='parts_fts_source',
  content_rowid='id',
  tokenize='unicode61 remove_diacritics 2',
  prefix='3'
);
--> statement-breakpoint
INSERT INTO parts_fts(parts_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_insert` AFTER INSERT ON `parts` BEGIN
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer)
  VALUES (new.id, new.name, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''),
          coalesce(new.description, ''), new.manufacturer);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_delete` AFTER DELETE ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer)
  VALUES ('delete', old.id, old.name, coalesce((SELECT name FROM categories WHERE id = old.category_id), ''),
          coalesce(old.description, ''), old.manufacturer);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_update` AFTER UPDATE OF name, category_id, description, manufacturer ON `parts` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer)
  VALUES ('delete', old.id, old.name, coalesce((SELECT name FROM categories WHERE id = old.category_id), ''),
          coalesce(old.description, ''), old.manufacturer);
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer)
  VALUES (new.id, new.name, coalesce((SELECT name FROM categories WHERE id = new.category_id), ''),
          coalesce(new.description, ''), new.manufacturer);
END;
--> statement-breakpoint
CREATE TRIGGER `parts_fts_after_category_rename` AFTER UPDATE OF name ON `categories` BEGIN
  INSERT INTO parts_fts(parts_fts, rowid, name, category, description, manufacturer)
  SELECT 'delete', p.id, p.name, old.name, coalesce(p.description, ''), p.manufacturer
  FROM parts p WHERE p.category_id = old.id;
  INSERT INTO parts_fts(rowid, name, category, description, manufacturer)
  SELECT p.id, p.name, new.name, coalesce(p.description, ''), p.manufacturer
  FROM parts p WHERE p.category_id = new.id;
END;
--> statement-breakpoint
-- The index's words with how many parts hold each: the vocabulary misspelt words are corrected against.
CREATE VIRTUAL TABLE `parts_fts_vocab` USING fts5vocab('parts_fts', 'row');
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
