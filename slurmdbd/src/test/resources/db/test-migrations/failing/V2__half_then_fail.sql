-- Data changes only, then an error: the inserts must be rolled back with the failed migration.
INSERT INTO widget (id, name) VALUES (10, 'half-done');
INSERT INTO widget (id, name) VALUES (11, 'also-half-done');
INSERT INTO no_such_table (id) VALUES (1);
