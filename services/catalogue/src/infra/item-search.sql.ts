import type { CatalogueOrder, CatalogueQuery } from "../application/catalogue-query";

/**
 * The filter, ranking and order shared by the public catalogue and the provider's offered items, as SQL
 * over `items i` (docs/catalogue.md, "Search"). Values go in as parameters, never into the text.
 *
 * - Full text: `search_document` (displayName weight A, description weight B, both folded by
 *   `search_fold`: lower-case, unaccented) matched by a prefix query (every word of the search as `word:*`,
 *   all required), tokenised by the same parser as the document. GIN index `items_search_document_idx`.
 * - Typos: trigram word similarity of the folded search against the folded name and description
 *   (`<%`, pg_trgm's word_similarity_threshold, 0.6). GIN index `items_search_text_trgm_idx`.
 * - Relevance: ts_rank, plus the word similarity to the name (a close name beats a close description),
 *   plus half the word similarity to the whole text.
 */
export interface SearchSql {
  /** `WITH` clause defining `q(text, tsq)`, or empty without a search. */
  with: string;
  /** `CROSS JOIN q` or empty. */
  join: string;
  where: string[];
  /** The relevance expression (0 without a search). */
  score: string;
}

export function itemSearchSql(query: CatalogueQuery, params: unknown[], prefix = "i"): SearchSql {
  const where = [`${prefix}.status = 'published'`];
  if (query.marketplaceInstanceId) {
    params.push(query.marketplaceInstanceId);
    where.push(`${prefix}.marketplace_instance_id = $${params.length}`);
  }
  if (query.type) {
    params.push(query.type);
    where.push(`${prefix}.type = $${params.length}`);
  }
  if (!query.search) return { with: "", join: "", where, score: "0" };
  params.push(query.search);
  const search = `$${params.length}`;
  return {
    with: `WITH q AS (
      SELECT search_fold(${search}) AS text,
             to_tsquery('simple', (
               SELECT string_agg('''' || lexeme || ''':*', ' & ')
               FROM unnest(to_tsvector('simple', search_fold(${search})))
               WHERE lexeme !~ '[''\\\\]')) AS tsq)`,
    join: "CROSS JOIN q",
    where: [...where, `(${prefix}.search_document @@ q.tsq OR q.text <% ${prefix}.search_text)`],
    score: `(coalesce(ts_rank(${prefix}.search_document, q.tsq), 0)
             + word_similarity(q.text, ${prefix}.name_folded)
             + 0.5 * word_similarity(q.text, ${prefix}.search_text))`,
  };
}

/** ORDER BY for a list; the item id breaks every tie, so pages never overlap or skip an item. */
export function itemOrderSql(
  orderBy: CatalogueOrder,
  direction: "asc" | "desc",
  columns: { score: string; price: string },
): string {
  const dir = direction === "asc" ? "ASC" : "DESC";
  const key = {
    relevance: columns.score,
    createdAt: "i.created_at",
    displayName: "i.name_folded",
    price: columns.price,
  }[orderBy];
  return `${key} ${dir}, i.id ${dir}`;
}
