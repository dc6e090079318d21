import { Agent, request as httpRequest } from "node:http";

/** A request exactly as it goes on the wire: the path and query already encoded, the body already serialised. */
export interface WireRequest {
  method: string;
  /** Encoded path, e.g. `/marketplace/instances/0193...`. */
  path: string;
  /** Encoded query without the `?`, e.g. `page=1&pageSize=20`. */
  query?: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export interface WireResponse {
  /** The path as it went on the wire: what a problem's `instance` must echo. */
  path: string;
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body when it is JSON; undefined otherwise. */
  json: unknown;
}

/** One keep-alive pool for every request of a test file: tens of thousands of requests reuse a few sockets. */
const agent = new Agent({ keepAlive: true, maxSockets: 32 });

/**
 * Sends one request to the gateway over real HTTP and reads the whole answer. node:http rather than fetch:
 * it puts the path on the wire exactly as given (fetch would normalise dot segments and escapes away) and
 * costs a fraction of fetch's CPU, which decides how many fuzz cases fit in a minute. A request that takes
 * longer than `timeoutMs` rejects: a hung request is a defect too, not something to wait out.
 */
export async function send(baseUrl: string, request: WireRequest, timeoutMs = 30_000): Promise<WireResponse> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await sendOnce(baseUrl, request, timeoutMs, attempt > 1);
    } catch (error) {
      // The keep-alive race Node's documentation describes: the server closed an idle socket just as the
      // agent reused it, before any byte of this request was read. And a body the gateway refuses before
      // reading it (over the 1 MiB limit, or a content type it does not take): fastify answers and closes
      // the connection, and when the close reaches the client while it is still writing, the write fails
      // (EPIPE or ECONNRESET) before the answer is read. Under load that can happen to a body of any size,
      // and to a body over the limit every time (three times in a row once in CI), so a retry sends the
      // head first and the body only if no answer came meanwhile. Only those cases are retried, at most
      // twice; a third failure is reported.
      if (!(error instanceof StaleSocketError || error instanceof CutOffBodyError) || attempt === 3)
        throw error;
    }
  }
}

class StaleSocketError extends Error {}
class CutOffBodyError extends Error {}

/** How long a retry waits for an answer to the head alone before it sends the body. */
const HEAD_FIRST_WAIT_MS = 1_000;

function sendOnce(
  baseUrl: string,
  request: WireRequest,
  timeoutMs: number,
  headFirst: boolean,
): Promise<WireResponse> {
  const path = `${request.path}${request.query ? `?${request.query}` : ""}`;
  const body = request.body === undefined ? undefined : Buffer.from(request.body);
  const headers: Record<string, string> = { ...request.headers };
  if (body) headers["content-length"] = String(body.length);
  return new Promise((resolve, reject) => {
    let answered = false;
    const outgoing = httpRequest(
      new URL(baseUrl),
      { method: request.method, path, headers, agent },
      (incoming) => {
        answered = true;
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          const responseHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            if (value !== undefined)
              responseHeaders.set(name, Array.isArray(value) ? value.join(", ") : value);
          }
          resolve({
            path: request.path,
            status: incoming.statusCode ?? 0,
            headers: responseHeaders,
            text,
            json: parse(text),
          });
        });
      },
    );
    outgoing.setTimeout(timeoutMs, () => outgoing.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    // A server may answer (413) and close before reading a large body; once answered, that answer counts.
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      const stale =
        outgoing.reusedSocket && (error.code === "ECONNRESET" || error.message === "socket hang up");
      const cutOff = (body?.length ?? 0) > 0 && (error.code === "EPIPE" || error.code === "ECONNRESET");
      reject(
        stale ? new StaleSocketError(error.message) : cutOff ? new CutOffBodyError(error.message) : error,
      );
    });
    if (!headFirst || !body) {
      outgoing.end(body);
      return;
    }
    // An answer to the head alone (a refusal by its Content-Length) is read without writing the body;
    // the connection, left mid-request, is then dropped.
    outgoing.flushHeaders();
    const later = setTimeout(() => outgoing.end(body), HEAD_FIRST_WAIT_MS);
    outgoing.once("response", (incoming) => {
      if (outgoing.writableEnded) return;
      clearTimeout(later);
      incoming.once("end", () => outgoing.destroy());
    });
  });
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

/** `Authorization: Bearer <token>` and a JSON body, the shape most calls take. */
export function jsonRequest(
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
  query?: string,
): WireRequest {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return { method, path, query, headers, body: body === undefined ? undefined : JSON.stringify(body) };
}

/** Runs `work` over `items` with at most `limit` in flight, keeping the order of the results. */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
