-- Full-text search of worklog entries (docs/api.md, "Search").
CREATE EXTENSION IF NOT EXISTS unaccent;

-- Words as the search matches them: accents and case dropped, English stems ("deployed" is
-- "deploy"), English stop words left out.
CREATE TEXT SEARCH CONFIGURATION worklog_search (COPY = english);
ALTER TEXT SEARCH CONFIGURATION worklog_search ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;

-- Words as they were written, accents and case dropped: the prefix of a word being typed is
-- matched against these, because a stem is not always a prefix of the word ("happiness" is
-- "happi", which "happin" does not start).
CREATE TEXT SEARCH CONFIGURATION worklog_words (COPY = simple);
ALTER TEXT SEARCH CONFIGURATION worklog_words ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;

-- A generated column needs an immutable expression: array_to_string is only stable, but on a
-- text[] it does not depend on any setting. The configurations are found in the schema the
-- migration runs in, also when a restore (pg_dump) fills the column under another search_path.
CREATE FUNCTION worklog_entry_search_vector(content text, tags text[]) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
  SELECT to_tsvector('worklog_search', content || ' ' || array_to_string(tags, ' '))
    || to_tsvector('worklog_words', content || ' ' || array_to_string(tags, ' '))
$$;

-- AlterTable
ALTER TABLE "worklog_entries" ADD COLUMN "search_vector" tsvector
  GENERATED ALWAYS AS (worklog_entry_search_vector("content", "tags")) STORED;

-- CreateIndex
CREATE INDEX "worklog_entries_search_vector_idx" ON "worklog_entries" USING GIN ("search_vector");
