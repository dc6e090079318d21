import { describe, expect, it } from "vitest";
import { parseBlock, readEvents } from "./event-stream";

function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

describe("the rollout event stream", () => {
  it("yields events split across chunks, skipping retry and keep-alive lines", async () => {
    const body = streamOf([
      "retry: 2000\n\nid: 1\nevent: rollout-created\nda",
      'ta: {"status":"running"}\n\n: keep-alive\n\nid: 2\r\nevent: wave-started\r\ndata: {"wave":1}\r\n\r\n',
    ]);
    const events = [];
    for await (const event of readEvents(body)) events.push(event);
    expect(events).toEqual([
      { id: 1, type: "rollout-created", data: { status: "running" } },
      { id: 2, type: "wave-started", data: { wave: 1 } },
    ]);
  });

  it("ignores blocks without an id, data or valid JSON", () => {
    expect(parseBlock('event: x\ndata: {"a":1}')).toBeUndefined();
    expect(parseBlock("id: 3\nevent: x")).toBeUndefined();
    expect(parseBlock("id: 3\ndata: {nope")).toBeUndefined();
  });
});
