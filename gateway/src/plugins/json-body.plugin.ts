import type { ZodApp } from "../zod-app";

declare module "fastify" {
  interface FastifyRequest {
    /** The exact body bytes, kept only on routes that verify a signature over them (webhooks). */
    rawBody: Buffer | undefined;
  }
}

/** Largest body the API reads; files never pass through it (contract section 2, `payload-too-large`). */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * JSON is the only body the API reads: the built-in text/plain parser is removed so any other content
 * type is a 415. An empty JSON body counts as no body, because clients commonly send the JSON content type
 * on body-less POSTs such as `.../publish`; routes with a body schema still reject it as a 400.
 */
export function installJsonBodies(app: ZodApp): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.decorateRequest("rawBody", undefined);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    if (text.length === 0) done(null, undefined);
    else parseJson(request, text, done);
  });
}

/**
 * For one encapsulated scope (webhooks): keep the raw bytes beside the parsed JSON, since a signature is
 * computed over the bytes as sent and re-serialising the parsed object would not reproduce them.
 */
export function keepRawJsonBodies(scope: ZodApp): void {
  const parseJson = scope.getDefaultJsonParser("error", "error");
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    const bytes = typeof body === "string" ? Buffer.from(body, "utf8") : body;
    request.rawBody = bytes;
    if (bytes.length === 0) done(null, undefined);
    else parseJson(request, bytes.toString("utf8"), done);
  });
}
