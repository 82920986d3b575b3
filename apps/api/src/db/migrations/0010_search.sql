-- Issue 11: storefront search, diacritics-insensitive ('zolty szalik' finds 'Żółty szalik') and
-- tolerant of small typos, on PGlite (which ships these contrib extensions) and PostgreSQL alike.
-- pg_trgm finds typo candidates on an index, fuzzystrmatch's levenshtein() confirms them.
-- The extensions are trusted: the database owner may create them without superuser rights.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS fuzzystrmatch;
--> statement-breakpoint
-- Text as search compares it: no diacritics, lower case, runs of anything but letters and digits
-- as one space. unaccent() is only STABLE (its dictionary could change), so indexes need this
-- IMMUTABLE wrapper; the schema-qualified dictionary keeps it independent of search_path (dumps).
CREATE FUNCTION "search_norm"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT btrim(regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, $1)), '[^[:alnum:]]+', ' ', 'g'))
$$;
--> statement-breakpoint
-- The name as search compares it, kept with the row (generated, so every write path keeps it right):
-- ranking thousands of matches of a common word then reads it instead of normalising every name
-- again per query.
ALTER TABLE "products" ADD COLUMN "search_name" text GENERATED ALWAYS AS (public.search_norm("name")) STORED;
--> statement-breakpoint
-- Word beginnings of the name through full-text search ('simple': no stemming, words as typed);
-- only the storefront's products (active) are searched, so the indexes leave the others out.
CREATE INDEX "products_search_fts" ON "products" USING gin (to_tsvector('simple', "search_name")) WHERE "active";
--> statement-breakpoint
-- Typos: trigram similarity of the query's words to the normalised name.
CREATE INDEX "products_search_trgm" ON "products" USING gin ("search_name" public.gin_trgm_ops) WHERE "active";
