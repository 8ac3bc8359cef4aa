-- Needs V1's table, so it only works when applied after it.
ALTER TABLE widget ADD COLUMN IF NOT EXISTS colour VARCHAR(16) NOT NULL DEFAULT 'grey';
INSERT INTO widget (id, name, colour) VALUES (2, 'gear', 'red');
