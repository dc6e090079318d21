// Standalone reproduction for a grpc-js report: CPU per unary call on the calling side, grpc-js against
// node:http2 making the same exchange (gRPC framing, same headers' shape, same 4 KB answer), each against
// a server in a child process. Needs only @grpc/grpc-js. Run: node grpc-js-unary-cost.mjs [calls] [inFlight]
import { fork } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import http2 from "node:http2";
import * as grpc from "@grpc/grpc-js";

const METHOD = "/repro.Repro/Get";
const ANSWER = Buffer.alloc(4096, 120);
const identity = (value) => value;
const definition = {
  path: METHOD,
  requestStream: false,
  responseStream: false,
  requestSerialize: identity,
  requestDeserialize: identity,
  responseSerialize: identity,
  responseDeserialize: identity,
};

if (process.argv[2] === "--server") {
  const server = new grpc.Server();
  server.addService({ Get: definition }, { Get: (_call, done) => done(null, ANSWER) });
  server.bindAsync("127.0.0.1:0", grpc.ServerCredentials.createInsecure(), (error, port) => {
    if (error) throw error;
    process.send(port);
  });
} else {
  const calls = Number(process.argv[2] ?? 20000);
  const inFlight = Number(process.argv[3] ?? 50);
  const child = fork(new URL(import.meta.url).pathname, ["--server"]);
  const [port] = await once(child, "message");
  const target = `127.0.0.1:${port}`;

  const client = new grpc.Client(target, grpc.credentials.createInsecure());
  const viaGrpcJs = () =>
    new Promise((resolve, reject) =>
      client.makeUnaryRequest(METHOD, identity, identity, Buffer.alloc(0), (error, value) =>
        error ? reject(error) : resolve(value),
      ),
    );

  // The same exchange by hand: the request headers grpc-js sends, an empty length-prefixed message.
  const session = http2.connect(`http://${target}`);
  const EMPTY_MESSAGE = Buffer.from([0, 0, 0, 0, 0]);
  const viaHttp2 = () =>
    new Promise((resolve, reject) => {
      const stream = session.request({
        ":method": "POST",
        ":path": METHOD,
        "content-type": "application/grpc",
        te: "trailers",
        "grpc-accept-encoding": "identity",
      });
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      stream.on("trailers", (trailers) => {
        if (trailers["grpc-status"] !== "0") reject(new Error(`grpc-status ${trailers["grpc-status"]}`));
      });
      stream.on("end", () => resolve(Buffer.concat(chunks).subarray(5)));
      stream.on("error", reject);
      stream.end(EMPTY_MESSAGE);
    });

  async function measure(name, call) {
    let started = 0;
    const worker = async () => {
      while (started < calls) {
        started++;
        const answer = await call();
        if (answer.length !== ANSWER.length) throw new Error(`${name}: answer of ${answer.length} bytes`);
      }
    };
    const before = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await Promise.all(Array.from({ length: inFlight }, worker));
    const elapsed = Number(process.hrtime.bigint() - t0) / 1e9;
    const cpu = process.cpuUsage(before);
    return {
      name,
      callsPerSecond: Math.round(calls / elapsed),
      cpuUsPerCall: (cpu.user + cpu.system) / calls,
    };
  }

  const rounds = [];
  for (let round = 0; round < 5; round++)
    for (const [name, call] of round % 2
      ? [
          ["node:http2", viaHttp2],
          ["grpc-js", viaGrpcJs],
        ]
      : [
          ["grpc-js", viaGrpcJs],
          ["node:http2", viaHttp2],
        ])
      rounds.push(await measure(name, call));
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1];
  // The package's main is build/src/index.js.
  const pkg = JSON.parse(
    readFileSync(new URL("../../package.json", import.meta.resolve("@grpc/grpc-js")), "utf8"),
  );
  console.log(
    `node ${process.version}, @grpc/grpc-js ${pkg.version}, ${calls} calls, ${inFlight} in flight, median of 5 rounds:`,
  );
  for (const name of ["grpc-js", "node:http2"]) {
    const mine = rounds.filter((r) => r.name === name);
    console.log(
      `  ${name.padEnd(10)} client CPU ${median(mine.map((r) => r.cpuUsPerCall)).toFixed(1)} µs per call, ${median(mine.map((r) => r.callsPerSecond))} calls/s`,
    );
  }
  client.close();
  session.close();
  child.kill();
}
