import type { EarningsProto } from "@mp/contracts";
import type { EarningsServiceHandlers } from "@mp/contracts/generated/marketplace/settlements/v1/EarningsService";
import { testLogger } from "@mp/logger";
import { ephemeralMesh, type TestMesh, waitFor } from "@mp/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUnaryClient } from "./client";
import { type CallContext, serverStreamHandlers } from "./handlers";
import { loadProto } from "./loader";
import { adminPrincipal as principal } from "./principal.fixture";
import { type GrpcServer, startGrpcServer } from "./server";

const proto = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace.settlements
  .v1;
const logger = testLogger();
const ctx = { principal, requestId: "stream-test" };

/** What the server-side implementation went through, per call (keyed by the request's statement id). */
interface Run {
  pulled: number;
  finished: boolean;
  abortedAtEnd?: boolean;
}
const runs = new Map<string, Run>();
/** A message far larger than the HTTP/2 windows: a reader that stops reading holds the server back at once. */
const BIG = Buffer.alloc(256 * 1024, 1);

let mesh: TestMesh;
let server: GrpcServer;
let client: ReturnType<typeof createUnaryClient<InstanceType<typeof proto.EarningsService>>>;

beforeAll(async () => {
  mesh = await ephemeralMesh();
  const implementation = serverStreamHandlers<Pick<EarningsServiceHandlers, "ExportStatement">>(
    "settlements",
    {
      // `format` picks the way the implementation produces: "endless" yields big messages for as long as
      // it is pulled; "await-abort" yields one, then awaits something only the call's end settles.
      async *ExportStatement(request, callCtx: CallContext) {
        const run: Run = { pulled: 0, finished: false };
        runs.set(request.statementId, run);
        try {
          if (request.format === "await-abort") {
            run.pulled += 1;
            yield { data: BIG };
            await new Promise((resolve) => callCtx.signal.addEventListener("abort", resolve, { once: true }));
            return;
          }
          for (;;) {
            run.pulled += 1;
            yield { data: BIG };
          }
        } finally {
          run.abortedAtEnd = callCtx.signal.aborted;
          run.finished = true;
        }
      },
    },
    logger,
  );
  server = await startGrpcServer({
    host: "127.0.0.1",
    port: 0,
    services: {
      "marketplace.settlements.v1.EarningsService": {
        definition: proto.EarningsService.service,
        implementation,
      },
    },
    logger,
    verifier: mesh.verifier("settlements"),
  });
  client = createUnaryClient(proto.EarningsService, `127.0.0.1:${server.port}`, {
    upstream: "settlements",
    identity: mesh.gateway,
  });
});

afterAll(async () => {
  client?.close();
  await server?.shutdown(1_000);
});

/** Resolves once `run.pulled` has not moved for `quietMs`: the server waits for the transport to drain. */
async function heldBack(run: () => Run | undefined, quietMs = 500): Promise<number> {
  let last = -1;
  let since = Date.now();
  return waitFor(
    () => {
      const pulled = run()?.pulled ?? -1;
      if (pulled !== last) {
        last = pulled;
        since = Date.now();
        return undefined;
      }
      return pulled > 0 && Date.now() - since >= quietMs ? pulled : undefined;
    },
    { timeoutMs: 30_000, intervalMs: 50, what: "the stream to be held back" },
  );
}

describe("server-streaming handlers", () => {
  it("stop the implementation when the client cancels while the server waits for the transport to drain", async () => {
    const stream = client.stream("exportStatement", { statementId: "drain", format: "endless" }, ctx, {
      deadlineMs: 60_000,
    });
    await stream.next();
    // The reader stops: the server writes until the transport is full, then waits for 'drain'.
    const pulled = await heldBack(() => runs.get("drain"));
    expect(runs.get("drain")?.finished).toBe(false);
    // Gone: no 'drain' ever comes (grpc-js drops writes after a cancel), the cancel must end the wait.
    await stream.return(undefined);
    const run = await waitFor(() => (runs.get("drain")?.finished ? runs.get("drain") : undefined), {
      timeoutMs: 10_000,
      what: "the implementation to be stopped",
    });
    expect(run.abortedAtEnd).toBe(true);
    // At most the one message pulled on the way out of the wait, never a run-away loop.
    expect(run.pulled).toBeLessThanOrEqual(pulled + 1);
  });

  it("abort the signal of an implementation that awaits between messages when the client cancels", async () => {
    const stream = client.stream("exportStatement", { statementId: "await", format: "await-abort" }, ctx, {
      deadlineMs: 60_000,
    });
    await stream.next();
    expect(runs.get("await")?.finished).toBe(false);
    await stream.return(undefined);
    const run = await waitFor(() => (runs.get("await")?.finished ? runs.get("await") : undefined), {
      timeoutMs: 10_000,
      what: "the implementation to be stopped",
    });
    expect(run.abortedAtEnd).toBe(true);
  });
});
