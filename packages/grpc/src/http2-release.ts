import { AsyncResource } from "node:async_hooks";
import http2 from "node:http2";
import { trackSessionTables } from "./call-tables";

let installed = false;

/**
 * Make every HTTP/2 client stream of this process drop its event listeners once it has closed (on the turn
 * after its `close` event, so every listener of that event has run). grpc-js attaches closures that hold
 * the whole call (its objects, the decoded answer) to each stream it opens, and Node keeps a closed client
 * stream alive through every young-generation collection until the next full one. So each call was
 * promoted to the old generation, and the gateway paid for it twice: longer scavenges (4-5 ms instead of
 * 1-2) and a full collection every few seconds under load (docs/benchmarks.md, eleventh stop: 10 MB/s
 * promoted at 500 calls/s; 3-4 MB/s with this and PendingUnary's release). A closed stream emits nothing
 * more, so nothing is lost; an `error` listener that ignores is left in place so a late error could never
 * go unhandled.
 *
 * It wraps `http2.connect`, which grpc-js calls for each connection it opens, and each session's
 * `request()` (see `leanBind` for what it changes there), and hands each session to `call-tables.ts`; the
 * gRPC clients install it before their first call. Installing it twice changes nothing.
 */
export function releaseClosedHttp2Streams(): void {
  if (installed) return;
  installed = true;
  const connect = http2.connect;
  http2.connect = function connectReleasing(this: unknown, ...args: Parameters<typeof http2.connect>) {
    const session = connect.apply(this, args);
    trackSessionTables(session);
    const request = session.request;
    session.request = function requestReleasing(this: http2.ClientHttp2Session, ...requestArgs) {
      const bind = AsyncResource.prototype.bind;
      AsyncResource.prototype.bind = leanBind as typeof bind;
      let stream: http2.ClientHttp2Stream;
      try {
        stream = request.apply(this, requestArgs);
      } finally {
        AsyncResource.prototype.bind = bind;
      }
      stream.once("close", releaseSoon);
      return stream;
    };
    return session;
  } as typeof http2.connect;
}

let serverInstalled = false;

/**
 * The same release for the streams HTTP/2 servers of this process accept: grpc-js's server call
 * (its listeners on the stream) holds the request, the handler's state and the answer it sent, and a
 * closed server stream, like a client one, lives through young-generation collections. Without it the
 * catalogue promoted most of each call it served, with a full collection every 0.8 s at 2,500 calls/s
 * (every 1.3-1.6 s with it) and 17 % more CPU per call (docs/benchmarks.md, twelfth stop). It wraps
 * `http2.createServer`, which grpc-js calls when the server binds, and hands each session it accepts to
 * `call-tables.ts`; the gRPC server installs it before binding. Installing it twice changes nothing.
 */
export function releaseClosedHttp2ServerStreams(): void {
  if (serverInstalled) return;
  serverInstalled = true;
  const createServer = http2.createServer;
  http2.createServer = function createServerReleasing(this: unknown, ...args: unknown[]) {
    const server = (createServer as (...a: unknown[]) => http2.Http2Server).apply(this, args);
    server.on("stream", watchStream);
    server.on("session", trackSessionTables);
    return server;
  } as typeof http2.createServer;
}

function watchStream(stream: http2.ServerHttp2Stream): void {
  stream.once("close", releaseSoon);
}

/**
 * `AsyncResource.prototype.bind` as `request()` uses it (once per stream, to start the stream in the
 * caller's async context), without the deprecated `asyncResource` property it defines on each bound
 * function: a getter and a setter wrapped in `util.deprecate`, fresh for every stream, which V8 kept (and
 * the stream with them) through young-generation collections like the streams themselves (alone: 2.1 KB
 * promoted per call and 24 full collections in 10 s at 2,000 binds/s). Swapped in only for the duration
 * of `request()`, so nothing else in the process sees it.
 */
function leanBind(this: AsyncResource, fn: (...args: unknown[]) => unknown, thisArg?: unknown) {
  const resource = this;
  if (thisArg !== undefined) return resource.runInAsyncScope.bind(resource, fn, thisArg);
  return function bound(this: unknown, ...args: unknown[]) {
    return resource.runInAsyncScope(fn, this, ...args);
  };
}

/** A closed stream's `close` listener (one function for every stream, called with the stream as `this`). */
function releaseSoon(this: http2.Http2Stream): void {
  setImmediate(release, this);
}

function release(stream: http2.Http2Stream): void {
  stream.removeAllListeners();
  stream.on("error", ignore);
}

function ignore(): void {}
