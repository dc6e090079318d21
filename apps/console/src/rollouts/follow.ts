import type { MarketplaceClient } from "@mp/sdk/browser";
import { type RolloutEvent, readEvents } from "./event-stream";

const FINAL = new Set(["completed", "cancelled"]);

/**
 * Follows a rollout's progress events until it ends: reads the event stream through the SDK (the bearer
 * token in a header), and when the gateway closes it early (it does after 10 minutes) or the network drops,
 * asks again after the last id (`Last-Event-ID`), so no event is missed or repeated. Resolves when the
 * rollout is final and its stream has ended; rejects after five failed attempts in a row.
 */
export async function followRollout(
  api: MarketplaceClient,
  rolloutId: string,
  signal: AbortSignal,
  on: { onOpen: () => void; onEvent: (event: RolloutEvent) => void },
): Promise<void> {
  let lastId: number | undefined;
  let failures = 0;
  while (!signal.aborted) {
    try {
      const { data, error, response } = await api.GET("/marketplace/providers/rollouts/{rolloutId}/events", {
        params: {
          path: { rolloutId },
          ...(lastId === undefined ? {} : { header: { "last-event-id": String(lastId) } }),
        },
        parseAs: "stream",
        signal,
      });
      if (!response.ok || !data) throw error ?? new Error(`events answered ${response.status}`);
      on.onOpen();
      failures = 0;
      for await (const event of readEvents(data as ReadableStream<Uint8Array>)) {
        lastId = event.id;
        on.onEvent(event);
      }
      const now = await api.GET("/marketplace/providers/rollouts/{rolloutId}", {
        params: { path: { rolloutId } },
        signal,
      });
      if (now.data && FINAL.has(now.data.status)) return;
    } catch (caught) {
      if (signal.aborted) return;
      failures += 1;
      if (failures >= 5) throw caught;
    }
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}
