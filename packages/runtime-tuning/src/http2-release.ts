import { AsyncResource } from "node:async_hooks";
import http2 from "node:http2";
import { trackSessionTables } from "./call-tables";

let installed = false;

/**
 * Make every HTTP/2 client stream of this process drop its event listeners once it has closed (on the turn
 * after its `close` event, so every listener of that event has run). grpc-js attaches closures that hold
 * the whole call to each stream it opens, and Node keeps a closed client stream alive until the next full
 * collection, so without this every call is promoted to the old generation (ADR 0005). A closed stream
 * emits nothing more; an `error` listener that ignores is left so a late error can never go unhandled.
 *
 * It wraps `http2.connect` (grpc-js calls it for each connection) and each session's `request()` (see
 * `leanBind`), and hands each session to `call-tables.ts` (kept there when that is
 * installed). Installing it twice changes nothing.
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
 * The same release for the streams this process's HTTP/2 servers accept, plain or TLS: grpc-js's server
 * call (its listeners on the stream) holds the request, the handler's state and the answer. It wraps
 * `http2.createServer` and `http2.createSecureServer` (grpc-js calls one when a server binds) and hands
 * each session to `call-tables.ts` (kept there when that is installed). Installing it twice changes
 * nothing.
 */
export function releaseClosedHttp2ServerStreams(): void {
  if (serverInstalled) return;
  serverInstalled = true;
  http2.createServer = releasing(http2.createServer);
  http2.createSecureServer = releasing(http2.createSecureServer);
}

function releasing<F extends typeof http2.createServer | typeof http2.createSecureServer>(create: F): F {
  return function createReleasing(this: unknown, ...args: unknown[]) {
    const server = (create as unknown as (...a: unknown[]) => http2.Http2Server).apply(this, args);
    server.on("stream", watchStream);
    server.on("session", trackSessionTables);
    return server;
  } as unknown as F;
}

function watchStream(stream: http2.ServerHttp2Stream): void {
  stream.once("close", releaseSoon);
}

/**
 * `AsyncResource.prototype.bind` as `request()` uses it (once per stream, to start the stream in the
 * caller's async context), without the deprecated `asyncResource` accessor pair it defines on each bound
 * function: made fresh for every stream, it kept the stream alive through young-generation collections.
 * Swapped in only for the duration of `request()`, so nothing else in the process sees it.
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
