import { Pool } from "undici";

/** A keep-alive connection pool to one origin, for the open-loop generator and the seeders. */
export function httpPool(origin: string, connections = 64): Pool {
  return new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
}

/** GET that resolves on a 2xx answer (body read) and rejects with the status otherwise. */
export async function getOk(pool: Pool, path: string, headers: Record<string, string>): Promise<string> {
  const response = await pool.request({ method: "GET", path, headers });
  const body = await response.body.text();
  if (response.statusCode < 200 || response.statusCode >= 300)
    throw new Error(`GET ${path} answered ${response.statusCode}: ${body.slice(0, 200)}`);
  return body;
}

/** POST of a JSON body; resolves with the parsed 2xx answer. */
export async function postJson<T>(
  pool: Pool,
  path: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<T> {
  const response = await pool.request({
    method: "POST",
    path,
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.body.text();
  if (response.statusCode < 200 || response.statusCode >= 300)
    throw new Error(`POST ${path} answered ${response.statusCode}: ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** The status a route answers, for telling a pending (501) route from a built one. */
export async function statusOf(pool: Pool, path: string, headers: Record<string, string>): Promise<number> {
  const response = await pool.request({ method: "GET", path, headers });
  await response.body.dump();
  return response.statusCode;
}
