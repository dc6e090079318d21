import { type Paged, type PageQuery, paged, pageWindow } from "./pagination";
import type { Queryable } from "./pool";

/**
 * One page of `from` (a FROM/WHERE clause with `params`), ordered by `orderBy` then `id` so equal keys keep
 * a stable order across pages, with the total count from the same snapshot of the filter.
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
  const [{ rows }, count] = await Promise.all([
    db.query<R>(
      `SELECT ${spec.select} ${spec.from} ORDER BY ${spec.orderBy} ${direction}, ${spec.tiebreak} ${direction}
       LIMIT $${n + 1} OFFSET $${n + 2}`,
      [...spec.params, limit, offset],
    ),
    db.query<{ total: string }>(`SELECT count(*) AS total ${spec.from}`, spec.params),
  ]);
  return paged(rows.map(map), query.page, query.pageSize, Number(count.rows[0]?.total ?? 0));
}
