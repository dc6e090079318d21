/** One Server-Sent Event of a rollout's progress (docs/rollouts.md): its id, type and JSON data. */
export interface RolloutEvent {
  id: number;
  type: string;
  data: Record<string, unknown>;
}

/**
 * Splits a `text/event-stream` body into events as they arrive. `fetch` streaming rather than
 * `EventSource`: the gateway wants the bearer token in the `Authorization` header, which `EventSource`
 * cannot send, and a token never goes into a URL. Comments (`: keep-alive`) and `retry:` lines are skipped.
 */
export async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<RolloutEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, "\n");
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        const event = parseBlock(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        if (event) yield event;
        end = buffer.indexOf("\n\n");
      }
    }
  } finally {
    reader.releaseLock();
  }
}

/** One block of lines (`id:`, `event:`, `data:`), or undefined when it holds no event. */
export function parseBlock(block: string): RolloutEvent | undefined {
  let id: number | undefined;
  let type = "message";
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (name === "id") id = Number(value);
    else if (name === "event") type = value;
    else if (name === "data") data.push(value);
  }
  if (id === undefined || !Number.isFinite(id) || data.length === 0) return undefined;
  try {
    return { id, type, data: JSON.parse(data.join("\n")) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}
