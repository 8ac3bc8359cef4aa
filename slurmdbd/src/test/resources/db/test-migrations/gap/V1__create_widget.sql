-- A first version: the table and one row.
CREATE TABLE IF NOT EXISTS widget (
    id   INT NOT NULL PRIMARY KEY,
    name VARCHAR(32) NOT NULL
);
INSERT INTO widget (id, name) VALUES (1, 'sprocket');
