import { type CallResult, unwrap } from "./problem";

/**
 * Async iterators over the API's two kinds of lists (docs/api.md): page lists
 * (`{ items, page, pageSize, totalCount, totalPages }`) and the IoT platform's windows
 * (`{ items, limit, offset, hasMore }`). Each takes a function fetching one page with the paging values it
 * is given, so the call stays fully typed, and yields every item; a failed page throws `MarketplaceError`.
 */
export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface PageAnswer<T> {
  items: T[];
  page: number;
  totalPages: number;
}

export interface WindowRequest {
  limit: number;
  offset: number;
}

export interface WindowAnswer<T> {
  items: T[];
  hasMore: boolean;
}

/** The document's bounds: `pageSize` 1..100, `page` 1..10000, `limit` 1..100, `offset` 0..100000. */
const MAX_PAGE_SIZE = 100;
const MAX_PAGE = 10_000;
const MAX_OFFSET = 100_000;

/**
 * Every item of a page list:
 * `for await (const item of eachPage((p) => client.GET("/marketplace/instances", { params: { query: p } })))`.
 */
export async function* eachPage<T>(
  fetchPage: (request: PageRequest) => Promise<CallResult<PageAnswer<T>>>,
  pageSize = MAX_PAGE_SIZE,
): AsyncGenerator<T, void, undefined> {
  for (let page = 1; page <= MAX_PAGE; page++) {
    const answer = await unwrap(fetchPage({ page, pageSize }));
    yield* answer.items;
    if (answer.items.length === 0 || answer.page >= answer.totalPages) return;
  }
}

/**
 * Every item of a limit/offset list:
 * `for await (const device of eachWindow((w) => client.GET("/marketplace/providers/devices", { params: { query: w } })))`.
 */
export async function* eachWindow<T>(
  fetchWindow: (request: WindowRequest) => Promise<CallResult<WindowAnswer<T>>>,
  limit = MAX_PAGE_SIZE,
): AsyncGenerator<T, void, undefined> {
  for (let offset = 0; offset <= MAX_OFFSET; ) {
    const answer = await unwrap(fetchWindow({ limit, offset }));
    yield* answer.items;
    if (!answer.hasMore || answer.items.length === 0) return;
    offset += answer.items.length;
  }
}
