// Standalone reproduction for a Node.js report: `ClientHttp2Session.request()` binds each new stream's
// start with `AsyncResource.prototype.bind`, whose deprecated `asyncResource` accessor pair (DEP0172) is
// defined on every bound function. Under a steady load of requests this raises the bytes promoted to the
// old generation per request. The program makes the same requests with `bind` as Node has it and with a
// lean one (same behaviour, no accessors) swapped in during `request()` only.
//
// Run: node --trace-gc-nvp node-http2-request-bind.mjs <as-is|lean> [requests=60000] > log
// then sum `promoted=` of the `gc=s` lines between the MEASURE markers (the script prints the sum itself
// when run as: node node-http2-request-bind.mjs compare).
import { AsyncLocalStorage, AsyncResource } from "node:async_hooks";
import { execFileSync } from "node:child_process";
import { once } from "node:events";
import http2 from "node:http2";

const mode = process.argv[2] ?? "compare";
const requests = Number(process.argv[3] ?? 60000);

if (mode === "compare") {
  const self = new URL(import.meta.url).pathname;
  for (let round = 0; round < 2; round++)
    for (const variant of ["as-is", "lean"]) {
      const log = execFileSync(process.execPath, ["--trace-gc-nvp", self, variant, String(requests)], {
        encoding: "utf8",
        maxBuffer: 1 << 28,
      });
      const window = log.slice(log.indexOf("MEASURE-START"), log.indexOf("MEASURE-END"));
      let scavenges = 0;
      let promoted = 0;
      let full = 0;
      for (const line of window.split("\n")) {
        if (line.includes(" gc=s ")) {
          scavenges++;
          promoted += Number(/ promoted=(\d+)/.exec(line)?.[1] ?? 0);
        } else if (line.includes(" gc=mc ")) full++;
      }
      console.log(
        `${process.version} ${variant.padEnd(5)}: ${requests} requests, ${scavenges} scavenges, ${full} full collections, ${Math.round(promoted / requests)} bytes promoted per request`,
      );
    }
} else {
  if (mode === "lean") {
    // AsyncResource.prototype.bind without the deprecated accessors, swapped in during request() only.
    const lean = function bind(fn, thisArg) {
      const resource = this;
      if (thisArg !== undefined) return resource.runInAsyncScope.bind(resource, fn, thisArg);
      return function bound(...args) {
        return resource.runInAsyncScope(fn, this, ...args);
      };
    };
    const connect = http2.connect;
    http2.connect = function (...args) {
      const session = connect.apply(this, args);
      const request = session.request;
      session.request = function (...requestArgs) {
        const bind = AsyncResource.prototype.bind;
        AsyncResource.prototype.bind = lean;
        try {
          return request.apply(this, requestArgs);
        } finally {
          AsyncResource.prototype.bind = bind;
        }
      };
      return session;
    };
  }
  // A server's heap: tens of MB of long-lived objects, so the old generation is not tiny.
  globalThis.ballast = Array.from({ length: 400_000 }, (_, i) => ({ i, s: `entry ${i}` }));
  const server = http2.createServer();
  server.on("stream", (stream) => {
    setTimeout(() => {
      stream.respond({ ":status": 200 });
      stream.end(Buffer.alloc(4096, 120));
    }, 1);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const session = http2.connect(`http://127.0.0.1:${server.address().port}`);
  await once(session, "connect");
  const context = new AsyncLocalStorage();
  // Each request made in a context holding some state, as a server's handler makes it.
  const one = () =>
    context.run({ state: new Array(500).fill(1) }, () => {
      const stream = session.request({ ":path": "/" });
      const chunks = [];
      stream.on("data", (chunk) => chunks.push(chunk));
      return once(stream, "end");
    });
  const run = async (n) => {
    let started = 0;
    await Promise.all(
      Array.from({ length: 50 }, async () => {
        while (started++ < n) await one();
      }),
    );
  };
  await run(5000);
  console.log("MEASURE-START");
  await run(requests);
  console.log("MEASURE-END");
  session.close();
  server.close();
}
