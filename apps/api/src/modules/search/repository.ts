import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Words of a query that count; more only slow the query down. */
export const MAX_WORDS = 5;
/** A query word this long may have a typo (shorter ones only match as word beginnings). */
const TYPO_MIN = sql.raw('4');

/**
 * Trigram word similarity that makes a name a typo candidate. One wrong letter in the middle of a
 * five-letter word leaves 3 of its 6 trigrams (similarity 3/9); the candidates are then confirmed
 * by levenshtein() below, so the low threshold only widens what the index hands over.
 */
const WORD_SIMILARITY = '0.3';

export type SearchPage = { ids: number[]; total: number };

type Row = { id: number; total: number | string };

/** The query's words as one scalar subquery each: InitPlan parameters, which indexes can use. */
const word = (i: number) => sql.raw(`(select w[${i}] from q)`);

/**
 * One word matches a word of the name when it begins it, or (4+ letters) when the two differ by
 * one letter (wrong, missing or extra), or by two in words of 8+ letters (swapped neighbours);
 * `left()`: a word still being typed may have its typo too.
 */
const wordMatches = (w: ReturnType<typeof word>) => sql`exists (
  select 1 from regexp_split_to_table(h.norm, ' ') nw
  where nw like ${w} || '%'
    or (length(${w}) >= ${TYPO_MIN} and (
      levenshtein_less_equal(${w}, nw, 2) <= case when length(${w}) >= 8 then 2 else 1 end
      or (length(${w}) >= 5 and levenshtein_less_equal(${w}, left(nw, length(${w})), 1) <= 1))))`;

/** Word i of the query: as text, as a prefix tsquery, and as text when long enough for a typo. */
const slots = Array.from({ length: MAX_WORDS }, (_, i) => ({
  w: word(i + 1),
  tq: sql.raw(`(select tq[${i + 1}] from q)`),
  tw: sql.raw(`(select tw[${i + 1}] from q)`),
}));

/** The ranked page with the total (see `searchProductIds`); `words`: how many of q's words count. */
export const searchQuery = (orgId: number, q: string, words: number, offset: number, count: number): SQL => {
  const each = slots.slice(0, words);
  return sql`
      with q as materialized (
        select n, w,
          array(select to_tsquery('simple', x || ':*') from unnest(w) x) tq,
          array(select case when length(x) >= ${TYPO_MIN} then x end from unnest(w) x) tw
        from (select search_norm(${q}) n) a,
          lateral (select (regexp_split_to_array(a.n, ' '))[1:${sql.raw(String(MAX_WORDS))}] w) b
      ),
      hits as (
        select p.id, p.position, p.search_name norm,
          -- Every word begins a word of the name: string tests, cheaper per row than a tsvector.
          ${sql.join(
            each.map((s) => sql`(' ' || p.search_name) like '% ' || ${s.w} || '%'`),
            sql` and `,
          )} fts
        from products p
        where p.organisation_id = ${orgId} and p.active
          and ${sql.join(
            // Every word begins a word of the name or may be a typo of one (words too short for a
            // typo are null in tw): each arm a plain index condition, so the planner can AND them.
            each.map(
              (s) => sql`(to_tsvector('simple', p.search_name) @@ ${s.tq} or ${s.tw} <% p.search_name)`,
            ),
            sql` and `,
          )}
      ),
      matched as (
        select h.*, case
            when h.norm = (select n from q) or h.norm like (select n from q) || '%' then 0
            when h.fts then 1
            else 2 end rank
        from hits h
        where h.fts or (${sql.join(
          each.map((s) => wordMatches(s.w)),
          sql` and `,
        )})
      )
      select id, count(*) over () total from matched
      order by rank, norm = (select n from q) desc,
        case when rank = 2 then word_similarity((select n from q), norm) end desc nulls last,
        length(norm), position, id
      limit ${count} offset ${offset}`;
};

/**
 * Ranked ids of a club's active products matching `q`, and how many match in all. Ranks: the
 * name is the query or begins with it; every word begins a word of the name (full-text search on
 * `products_search_fts`); typos (candidates from `products_search_trgm`, confirmed per word).
 * Within a rank: the exact name first, typos by trigram word similarity, then the shorter name
 * (closer to what was typed), then the list order. Cheap keys only: a common word matches
 * thousands of products, and each is ranked.
 */
export const searchProductIds = async (
  db: Db,
  orgId: number,
  q: string,
  offset: number,
  count: number,
): Promise<SearchPage> => {
  // How many words the database will see (it splits the normalised text alike); each one narrows
  // the candidates on an index, so a common word next to a rare one costs nothing.
  const words = Math.min(MAX_WORDS, q.split(/[^\p{L}\p{N}]+/u).filter(Boolean).length);
  if (words === 0) return { ids: [], total: 0 };
  return db.transaction(async (tx) => {
    // The `<%` operator's threshold; LOCAL: for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.word_similarity_threshold', ${WORD_SIMILARITY}, true)`);
    const res = await tx.execute(searchQuery(orgId, q, words, offset, count));
    const rows = (res as unknown as { rows: Row[] }).rows;
    return { ids: rows.map((r) => Number(r.id)), total: rows.length ? Number(rows[0]!.total) : 0 };
  });
};

/** How many match when the page asked for lies past the end (the window count needs a row). */
export const countAfterEnd = async (db: Db, orgId: number, q: string): Promise<number> =>
  (await searchProductIds(db, orgId, q, 0, 1)).total;
