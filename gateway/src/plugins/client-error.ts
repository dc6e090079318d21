import { randomBytes, randomUUID } from "node:crypto";
import type { Socket } from "node:net";
import { PROBLEM_CONTENT_TYPE, toProblem, ValidationError } from "@mp/errors";

// Taken from the loaded builtin, not `import ... from "node:http"`: an ESM import of node:http makes its
// ESM facade, which reads every export, including the lazy ones that load Node's fetch implementation
// (undici), about 60 ms of CPU at start (docs/images.md).
const { STATUS_CODES } = process.getBuiltinModule("node:http");

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refused before fastify saw it. A malformed
 * request (a bad request line, a broken header) is answered with a `validation-failed` problem (fastify's
 * own answer is a JSON body of another shape), then the connection is closed. Two cases keep a bare
 * answer, as Node gives it: a request head over Node's 16 KiB limit gets 431, and a client too slow to
 * finish its head gets 408 (the unread head cannot name its path, so no problem body could echo it).
 * Nothing is written to a socket that is already gone.
 */
export function clientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed || !socket.writable) {
    socket.destroy();
    return;
  }
  if (error.code === "HPE_HEADER_OVERFLOW" || error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    const status = error.code === "HPE_HEADER_OVERFLOW" ? 431 : 408;
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`,
    );
    return;
  }
  // No request was parsed: no path to name, and a fresh trace id so the body has the contract's members.
  const problem = toProblem(new ValidationError({}, "The request is malformed."), {
    instance: "/",
    traceId: randomBytes(16).toString("hex"),
  });
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\nX-Request-Id: ${randomUUID()}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
