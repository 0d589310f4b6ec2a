-- Trigram search (ILIKE '%…%' on names, numbers) needs pg_trgm before any table uses gin_trgm_ops.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
