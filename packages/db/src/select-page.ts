import { type Paged, type PageQuery, paged, pageWindow } from "./pagination";
import type { Queryable } from "./pool";

/** The page statement's column carrying the filter's count (the rows handed to `map` carry it too). */
const TOTAL = "__page_total";

/**
 * One page of `from` (a FROM/WHERE clause with `params`), ordered by `orderBy` then `id` so equal keys keep
 * a stable order across pages, with the filter's total count. One statement: the count is a scalar
 * subquery, so page and total come from one snapshot in one round trip. A page past the end has no row to
 * carry it, so then the count is asked for on its own.
 */
export async function selectPage<R extends object, T>(
  db: Queryable,
  spec: { select: string; from: string; params: unknown[]; orderBy: string; tiebreak: string },
  query: PageQuery<string>,
  map: (row: R) => T,
): Promise<Paged<T>> {
  const { limit, offset } = pageWindow(query.page, query.pageSize);
  const direction = query.direction === "asc" ? "ASC" : "DESC";
  const n = spec.params.length;
  const { rows } = await db.query<R & { [TOTAL]: string }>(
    `SELECT ${spec.select}, (SELECT count(*) ${spec.from}) AS ${TOTAL} ${spec.from}
      ORDER BY ${spec.orderBy} ${direction}, ${spec.tiebreak} ${direction}
      LIMIT $${n + 1} OFFSET $${n + 2}`,
    [...spec.params, limit, offset],
  );
  const first = rows[0];
  const total = first ? Number(first[TOTAL]) : offset === 0 ? 0 : await countOf(db, spec);
  return paged(
    rows.map((row) => map(row)),
    query.page,
    query.pageSize,
    total,
  );
}

/** The filter's count on its own, for a page past the end. */
async function countOf(db: Queryable, spec: { from: string; params: unknown[] }): Promise<number> {
  const { rows } = await db.query<{ total: string }>(`SELECT count(*) AS total ${spec.from}`, spec.params);
  return Number(rows[0]?.total ?? 0);
}
