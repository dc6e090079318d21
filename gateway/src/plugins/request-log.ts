import type { Logger } from "@mp/logger";
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { routeOf } from "./route-of";

/**
 * Fastify's request lines, one per answered request instead of two (its first carries the whole request
 * object): method, path, route template, status and time taken; headers and bodies never reach it. A
 * request that failed keeps fastify's error line. Below `info` nothing is built.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error) {
      super.requestCompleted(error, request, reply);
      return;
    }
    // the request's logger is pino's (see app.ts); fastify's type does not name isLevelEnabled
    if (!(request.log as Logger).isLevelEnabled("info")) return;
    request.log.info(
      {
        method: request.method,
        url: request.url,
        route: routeOf(request).url ?? "unmatched",
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      "request",
    );
  }
}
