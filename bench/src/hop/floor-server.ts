import http2 from "node:http2";
import * as grpc from "@grpc/grpc-js";
import Fastify from "fastify";
import pg from "pg";
import { PAGE_SQL, toPage } from "../bare/page";

/**
 * One process of the hop floor (bench/src/hop/floor.ts), by ROLE:
 * - `http`: fastify answering `GET /page` with the page itself (the front end alone);
 * - `h2-upstream` / `grpc-upstream`: an HTTP/2 server or a grpc-js server answering with the page;
 * - `h2-front` / `grpc-front`: fastify answering `GET /page` with what one call to that upstream
 *   (UPSTREAM, its URL) returned: node:http2 straight, or a grpc-js unary call (no protobuf: the
 *   message is the page's bytes, so what the hop adds is grpc-js and HTTP/2, nothing of ours).
 * The page: with DATABASE_URL, scenario A's bare page (bench/src/bare/page.ts: the catalogue's page
 * statement, 20 rows in the contract's JSON); without, a fixed JSON body of BODY_BYTES.
 * Prints `{"url": "http://127.0.0.1:<port>"}` once listening, as the bare baseline does (bench/src/bare).
 */
const role = process.env.ROLE ?? "http";
const METHOD = "/floor.Floor/Get";
const identity = {
  path: METHOD,
  requestStream: false,
  responseStream: false,
  requestSerialize: (value: Buffer) => value,
  requestDeserialize: (value: Buffer) => value,
  responseSerialize: (value: Buffer) => value,
  responseDeserialize: (value: Buffer) => value,
} satisfies grpc.MethodDefinition<Buffer, Buffer>;

/** Channel options of both ends: channelz off, as `@mp/grpc` sets it; GRPC_OPTIONS (JSON) adds more. */
const grpcOptions = { "grpc.enable_channelz": 0, ...JSON.parse(process.env.GRPC_OPTIONS ?? "{}") };

/** What every answer holds, as bytes: a page read from PostgreSQL, or a fixed body. */
function pageSource(): () => Promise<Buffer> {
  if (!process.env.DATABASE_URL) {
    const item = JSON.stringify("x".repeat(190));
    const items = Math.max(1, Math.round(Number(process.env.BODY_BYTES ?? 4096) / (item.length + 1)));
    const body = Buffer.from(`[${Array.from({ length: items }, () => item).join(",")}]`);
    return async () => body;
  }
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  pool.on("error", () => {});
  return async () => {
    const { rows } = await pool.query(PAGE_SQL, [20, 0]);
    return Buffer.from(JSON.stringify(toPage(rows, 1, 20)));
  };
}

// Exit normally on a signal, so `--cpu-prof` can write its profile.
for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => process.exit(0));

const announce = (port: number) =>
  process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${port}` })}\n`);

async function front(fetchBody: () => Promise<Buffer>): Promise<void> {
  const app = Fastify({ logger: false });
  app.get("/page", async (_request, reply) => reply.type("application/json").send(await fetchBody()));
  await app.listen({ host: "127.0.0.1", port: 0 });
  announce((app.server.address() as { port: number }).port);
}

if (role === "http") {
  await front(pageSource());
} else if (role === "h2-upstream") {
  const page = pageSource();
  const server = http2.createServer();
  server.on("stream", (stream) => {
    page().then(
      (body) => {
        stream.respond({ ":status": 200, "content-type": "application/json" });
        stream.end(body);
      },
      () => stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR),
    );
  });
  server.listen(0, "127.0.0.1", () => announce((server.address() as { port: number }).port));
} else if (role === "grpc-upstream") {
  const page = pageSource();
  const server = new grpc.Server(grpcOptions);
  const get = (_call: unknown, done: grpc.sendUnaryData<Buffer>) =>
    page().then(
      (body) => done(null, body),
      (error: Error) => done(error),
    );
  server.addService({ Get: identity }, { Get: get });
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) throw error;
    announce(port);
  });
} else if (role === "h2-front") {
  const session = http2.connect(process.env.UPSTREAM!);
  await front(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        const stream = session.request({ ":path": "/get", ":method": "POST" }, { endStream: true });
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => resolve(Buffer.concat(chunks)));
        stream.on("error", reject);
      }),
  );
} else if (role === "grpc-front") {
  const client = new grpc.Client(
    new URL(process.env.UPSTREAM!).host,
    grpc.credentials.createInsecure(),
    grpcOptions,
  );
  const empty = Buffer.alloc(0);
  await front(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        client.makeUnaryRequest(
          METHOD,
          identity.requestSerialize,
          identity.responseDeserialize,
          empty,
          (error, value) => (error || !value ? reject(error ?? new Error("no message")) : resolve(value)),
        );
      }),
  );
} else {
  throw new Error(`unknown ROLE ${role}`);
}
