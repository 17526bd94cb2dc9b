-- soko_analytics store, schema version 4: a quarantine record is resolved when a later import stores its
-- hand, or reads its file again and no longer finds it (the file was fixed, or the missing file appeared);
-- resolved_by is that import's import_id. `soko quarantine` lists the records that are not resolved.

ALTER TABLE quarantine ADD COLUMN resolved_by INTEGER;
