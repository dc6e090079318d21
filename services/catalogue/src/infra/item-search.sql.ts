import type { Queryable } from "@mp/db";
import type { CatalogueOrder, CatalogueQuery } from "../application/catalogue-query";

/**
 * The filter, ranking and order shared by the public catalogue and the provider's offered items, as SQL
 * over `items i` (docs/catalogue.md, "Search"). Values go in as parameters, never into the text.
 *
 * - Full text: `search_document` (displayName weight A, description weight B, both folded by
 *   `search_fold`: lower-case, unaccented) matched by a prefix query: every word of the search as `word:*`,
 *   all required. GIN index `items_search_document_idx`.
 * - Typos: trigram word similarity of the folded search against the folded name and description
 *   (`<%`, pg_trgm's word_similarity_threshold, 0.6). GIN index `items_search_text_trgm_idx`.
 * - Two stages: a search runs as full text first; only when that finds nothing does it run again as a
 *   typo search. Checking `<%` and scoring trigram similarity over every match of a common word was
 *   what made a search slow (the word's thousand matches each paid for it), and a typo is only worth
 *   looking for when the words as typed find nothing.
 * - Relevance: ts_rank, whose weights put a match in the name above one in the description; a typo
 *   search ranks by the word similarity to the name plus half that to the whole text.
 */
export interface SearchSql {
  where: string[];
  /** The relevance expression ("0" without a search). */
  score: string;
}

/**
 * The search's prefix query, tokenised by the same parser and folding as the documents
 * (`'temperatur':* & 'sensor':*`), or null when the search has no word. Asked for before the list query so
 * that query carries it as a constant the planner can estimate, rather than a value computed at run time.
 */
export async function prefixQuery(db: Queryable, search: string): Promise<string | null> {
  const { rows } = await db.query<{ tsq: string | null }>(
    `SELECT string_agg('''' || lexeme || ''':*', ' & ') AS tsq
     FROM unnest(to_tsvector('simple', search_fold($1)))
     WHERE lexeme !~ '[''\\\\]'`,
    [search],
  );
  return rows[0]?.tsq ?? null;
}

/**
 * The search as SQL: full text when `tsquery` is given, else (no word to match, or the full text found
 * nothing) the typo search. Without a search, only the filters.
 */
export function itemSearchSql(query: CatalogueQuery, tsquery: string | null, params: unknown[]): SearchSql {
  const where = ["i.status = 'published'"];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (query.marketplaceInstanceId)
    where.push(`i.marketplace_instance_id = ${param(query.marketplaceInstanceId)}`);
  if (query.type) where.push(`i.type = ${param(query.type)}`);
  if (!query.search) return { where, score: "0" };
  if (!tsquery) {
    const text = `search_fold(${param(query.search)})`;
    const similarity = `word_similarity(${text}, i.name_folded) + 0.5 * word_similarity(${text}, i.search_text)`;
    return { where: [...where, `${text} <% i.search_text`], score: `(${similarity})` };
  }
  const tsq = `${param(tsquery)}::tsquery`;
  return { where: [...where, `i.search_document @@ ${tsq}`], score: `ts_rank(i.search_document, ${tsq})` };
}

/** The sort key of an order: relevance, creation, folded name, or the shape's price. */
export function sortKeySql(orderBy: CatalogueOrder, columns: { score: string; price: string }): string {
  return {
    relevance: columns.score,
    createdAt: "i.created_at",
    displayName: "i.name_folded",
    price: columns.price,
  }[orderBy];
}
