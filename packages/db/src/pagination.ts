/** Page/pageSize window (contract section 1) turned into SQL LIMIT/OFFSET. */
export function pageWindow(page: number, pageSize: number): { limit: number; offset: number } {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export interface Paged<T> {
  items: T[];
  page: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}

export function paged<T>(items: T[], page: number, pageSize: number, totalCount: number): Paged<T> {
  return { items, page, pageSize, totalCount, totalPages: Math.ceil(totalCount / pageSize) };
}
