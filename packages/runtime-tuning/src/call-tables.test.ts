import http2 from "node:http2";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import * as grpc from "@grpc/grpc-js";
import { waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  callTablesTracked,
  refreshCallTables,
  refreshCallTablesAfterFullCollections,
  trackGrpcTransports,
} from "./call-tables";
import { releaseClosedHttp2ServerStreams, releaseClosedHttp2Streams } from "./http2-release";

/** One unary method that echoes its bytes, after 300 ms when there are any (to keep calls in flight). */
const echo: grpc.ServiceDefinition = {
  Echo: {
    path: "/test.Echo/Echo",
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: Buffer) => value,
    requestDeserialize: (value: Buffer) => value,
    responseSerialize: (value: Buffer) => value,
    responseDeserialize: (value: Buffer) => value,
  },
};

let server: grpc.Server;
let client: grpc.Client;

beforeAll(async () => {
  releaseClosedHttp2Streams();
  releaseClosedHttp2ServerStreams();
  refreshCallTablesAfterFullCollections();
  // grpc-js's connector found where this looks: false means a release moved it.
  expect(await trackGrpcTransports()).toBe(true);
  expect(await trackGrpcTransports()).toBe(true);
  server = new grpc.Server();
  server.addService(echo, {
    Echo(call: grpc.ServerUnaryCall<Buffer, Buffer>, callback: grpc.sendUnaryData<Buffer>) {
      setTimeout(() => callback(null, call.request), call.request.length > 0 ? 300 : 0);
    },
  });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, bound) =>
      error ? reject(error) : resolve(bound),
    ),
  );
  client = new grpc.Client(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});

afterAll(() => {
  client?.close();
  server?.forceShutdown();
});

function call(body: string): Promise<string> {
  const same = (value: Buffer) => value;
  return new Promise((resolve, reject) =>
    client.makeUnaryRequest("/test.Echo/Echo", same, same, Buffer.from(body), (error, answer) =>
      error ? reject(error) : resolve(String(answer)),
    ),
  );
}

// The tests share one client and server and run in this order: the last one closes both to show that
// tracking forgets them, so the suite is never shuffled.
describe("call tables", { shuffle: false }, () => {
  it("finds the HTTP/2 sessions' stream tables and grpc-js's active calls where Node and grpc-js keep them", async () => {
    expect(await call("")).toBe("");

    const tracked = callTablesTracked();
    // The client's session and the server's, and the client's one transport.
    expect(tracked.sessions).toBe(2);
    expect(tracked.transports).toBe(1);
    // Two tables per session (open and starting streams), one per transport: fewer means one moved.
    expect(tracked.tables).toHaveLength(2 * 2 + 1);
  });

  it("replaces every table with a fresh copy holding the same entries, with calls in flight", async () => {
    const inFlight = ["a", "b", "c", "d", "e"].map((body) => call(body));
    await waitFor(() => callTablesTracked().tables.some((table) => table.size >= 5) || undefined);
    const before = callTablesTracked().tables;
    const entries = before.map((table) => [...table.entries()]);

    refreshCallTables();

    const after = callTablesTracked().tables;
    expect(after).toHaveLength(before.length);
    after.forEach((table, i) => {
      expect(table).not.toBe(before[i]);
      expect(Object.getPrototypeOf(table)).toBe(Object.getPrototypeOf(before[i]));
      expect([...table.entries()]).toEqual(entries[i]);
    });
    // The calls started on the old tables finish on the new ones, and new calls work.
    expect(await Promise.all(inFlight)).toEqual(["a", "b", "c", "d", "e"]);
    expect(await call("after")).toBe("after");
    expect(callTablesTracked().tables.every((table) => table.size === 0)).toBe(true);
  });

  it("refreshes after a full garbage collection", async () => {
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc") as () => void;
    expect(await call("")).toBe("");
    const before = callTablesTracked();

    gc();

    await waitFor(() => callTablesTracked().refreshes > before.refreshes || undefined);
    const after = callTablesTracked().tables;
    expect(after.length).toBeGreaterThan(0);
    expect(after).toHaveLength(before.tables.length);
    for (const [i, table] of after.entries()) expect(table).not.toBe(before.tables[i]);
  });

  it("forgets closed sessions and their transport when the next session starts", async () => {
    client.close();
    server.forceShutdown();

    // Each probe is a new session (to a port nothing listens on): tracking it forgets the destroyed ones,
    // so once the client's and the server's are destroyed only the probe itself is held.
    await waitFor(() => {
      const probe = http2.connect("http://127.0.0.1:1");
      probe.on("error", () => {});
      const tracked = callTablesTracked();
      return (tracked.sessions === 1 && tracked.transports === 0) || undefined;
    });
    await waitFor(() => callTablesTracked().tables.length === 0 || undefined);
  });
});
