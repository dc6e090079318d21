import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import http2 from "node:http2";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { releaseClosedHttp2ServerStreams, releaseClosedHttp2Streams } from "./http2-release";

describe("releaseClosedHttp2Streams", () => {
  let server: http2.Http2Server;
  let url: string;

  beforeAll(async () => {
    server = http2.createServer();
    server.on("stream", (stream) => {
      stream.respond({ ":status": 200 });
      stream.end("answer");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  async function exchange(): Promise<{ stream: http2.ClientHttp2Stream; body: string }> {
    const session = http2.connect(url);
    try {
      const stream = session.request({ ":path": "/" });
      let body = "";
      stream.setEncoding("utf8");
      stream.on("data", (chunk: string) => {
        body += chunk;
      });
      await new Promise((resolve) => stream.once("close", resolve));
      // The release runs on the turn after `close`.
      await new Promise((resolve) => setImmediate(resolve));
      return { stream, body };
    } finally {
      session.close();
    }
  }

  it("leaves a closed client stream with no listener but one that ignores errors", async () => {
    releaseClosedHttp2Streams();
    releaseClosedHttp2Streams();

    const { stream, body } = await exchange();

    expect(body).toBe("answer");
    expect(stream.eventNames()).toEqual(["error"]);
    expect(stream.listenerCount("error")).toBe(1);
    expect(() => stream.emit("error", new Error("late"))).not.toThrow();
  });

  it("starts each stream in its caller's async context and leaves AsyncResource.bind as it was", async () => {
    releaseClosedHttp2Streams();
    const bind = AsyncResource.prototype.bind;
    const storage = new AsyncLocalStorage<string>();
    const session = http2.connect(url);
    try {
      const seen = await Promise.all(
        ["first", "second"].map((name) =>
          storage.run(name, () => {
            const stream = session.request({ ":path": "/" });
            // Data arrives through the stream's own handle, made when the request starts: after the
            // session connects, so in the caller's context only if the start was bound to it.
            return new Promise((resolve) => stream.once("data", () => resolve(storage.getStore())));
          }),
        ),
      );
      expect(seen).toEqual(["first", "second"]);
      expect(AsyncResource.prototype.bind).toBe(bind);
    } finally {
      session.close();
    }
  });
});

describe("releaseClosedHttp2ServerStreams", () => {
  it("leaves a closed server stream with no listener but one that ignores errors, after its own close listeners ran", async () => {
    releaseClosedHttp2ServerStreams();
    releaseClosedHttp2ServerStreams();
    const server = http2.createServer();
    const accepted = new Promise<{ stream: http2.ServerHttp2Stream; closedSeen: Promise<void> }>((resolve) =>
      server.on("stream", (stream) => {
        // A listener of the application's, like grpc-js's: it must still see the close.
        const closedSeen = new Promise<void>((seen) => stream.once("close", () => seen()));
        stream.on("data", () => {});
        stream.respond({ ":status": 200 });
        stream.end("answer");
        resolve({ stream, closedSeen });
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const session = http2.connect(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const request = session.request({ ":path": "/" });
      request.resume();
      const { stream, closedSeen } = await accepted;
      await closedSeen;
      expect(stream.listenerCount("data")).toBe(1);
      // The release runs on the turn after `close`.
      await new Promise((resolve) => setImmediate(resolve));
      expect(stream.eventNames()).toEqual(["error"]);
      expect(() => stream.emit("error", new Error("late"))).not.toThrow();
    } finally {
      session.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("releases the streams of TLS servers too (grpc-js binds one with TLS credentials)", () => {
    releaseClosedHttp2ServerStreams();
    const server = http2.createSecureServer({});
    try {
      expect(server.listenerCount("stream")).toBe(1);
      expect(server.listenerCount("session")).toBe(1);
    } finally {
      server.close();
    }
  });
});
