import { signStripePayload } from "@mp/testing/stripe";
import fc from "fast-check";
import { beforeAll, describe, it } from "vitest";
import type { KnownValues } from "./openapi/arbitraries";
import { type Operation, operations } from "./openapi/document";
import { type Credentials, type FuzzCase, fuzzCase, routable, toWireRequest } from "./openapi/fuzz-cases";
import { securityStack } from "./support/context";
import { send, type WireRequest, type WireResponse } from "./support/http";
import { headerViolations, problemViolations } from "./support/problem";
import { DEMO_APPLICATION_IDS, Resources } from "./support/resources";

/**
 * OpenAPI-driven fuzzing: for every operation of the document, `FUZZ_RUNS` requests (default 1,000) built
 * by fast-check from the operation's own schemas, from plausible to hostile in every part (path, query,
 * headers, body, content type, credential), sent to the launched stack with a fixed seed (`FUZZ_SEED`).
 * Every answer must keep the contract: nothing >= 500 (but 501 from an operation the document declares
 * not built), only statuses the operation documents, every error a proper problem. Most requests carry a
 * real organisation's token, and ids are drawn partly from that organisation's real rows, so handlers run
 * past their 404s. A failure prints the seed and the shrunk request; rerun it with FUZZ_SEED and
 * FUZZ_PATH (fast-check's `path`) to replay just that case.
 *
 * Payment notifications need more than a well-formed request to get past the gateway: half of their cases
 * carry a valid `Stripe-Signature` over whatever body was generated, so settlements verifies, stores and
 * processes hostile but authentic events (204, or 400 for what it cannot key), never a 5xx.
 */
const stack = securityStack();
const RUNS = Number(process.env.FUZZ_RUNS ?? 1000);
const SEED = Number(process.env.FUZZ_SEED ?? 20260110);
const REPLAY_PATH = process.env.FUZZ_PATH;
const ONLY = process.env.FUZZ_OPERATIONS?.split(",");
const EXPORTS = /\/export\.(csv|pdf)$/;
const WEBHOOKS = /^\/marketplace\/webhooks\//;
/**
 * Node's HTTP parser refuses a request head over 16 KiB with its own 431 before the gateway sees it, so
 * that answer cannot be a problem body; such requests are held to that one answer (see docs/testing.md).
 */
const MAX_HEAD_BYTES = 16 * 1024;

function headBytes(request: WireRequest): number {
  const headers = Object.entries(request.headers ?? {}).reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  return Buffer.byteLength(`${request.method} ${request.path}?${request.query ?? ""} HTTP/1.1\r\n`) + headers;
}

let known: KnownValues;
let credentials: Credentials;

beforeAll(async () => {
  const a = new Resources(stack.gatewayUrl, stack.tokens.a);
  const instance = await a.instance("Fuzz");
  const item = await a.linkItem(DEMO_APPLICATION_IDS.coldChain, instance);
  const [icon, image, pending, poolKey, authKey, releases] = await Promise.all([
    a.readyAsset("icon"),
    a.readyAsset("image"),
    a.pendingAsset("image"),
    a.apiKey("fuzz pool"),
    a.apiKey("fuzz credential"),
    a.iotReleases(DEMO_APPLICATION_IDS.coldChain),
  ]);
  known = {
    uuids: [instance, item, icon, image, pending.assetId, poolKey.id],
    integers: Object.values(DEMO_APPLICATION_IDS),
    strings: releases.flatMap((r) => [r.releaseId, r.version]),
  };
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  credentials = {
    token: bearer(stack.tokens.a),
    apiKey: { "x-api-key": authKey.key },
    none: {},
    expired: bearer(stack.tokens.expired),
    wrongAudience: bearer(stack.tokens.wrongAudience),
    garbage: bearer("not.a.jwt"),
    unknownKey: { "x-api-key": `mk_test_${"A".repeat(40)}` },
  };
}, 120_000);

/** Everything an answer to `fuzz` does against the contract; empty when it keeps it. */
function violations(
  operation: Operation,
  fuzz: FuzzCase,
  request: WireRequest,
  response: WireResponse,
): string[] {
  const { status } = response;
  if (status === 431 && headBytes(request) > MAX_HEAD_BYTES - 512) return [];
  const faults = headerViolations(response);
  if (status >= 500 && !(status === 501 && operation.pending)) faults.push(`answered ${status}`);
  if (routable(fuzz) && !operation.statuses.has(status)) {
    faults.push(`answered ${status}, which the operation does not document`);
  }
  if (status >= 400) faults.push(...problemViolations(response));
  else if (status !== 204 && !EXPORTS.test(operation.template)) {
    const type = response.headers.get("content-type") ?? "";
    if (!type.startsWith("application/json")) faults.push(`success with content-type "${type}"`);
  }
  return faults;
}

/** The request as Stripe would sign it: a valid signature over the generated body, whatever it is. */
function signed(request: WireRequest): WireRequest {
  const body =
    typeof request.body === "string" ? request.body : Buffer.from(request.body ?? []).toString("utf8");
  const signature = signStripePayload(body, stack.stripeWebhookSecret);
  return { ...request, headers: { ...request.headers, "stripe-signature": signature } };
}

/** A seed per operation, so adding an operation to the document does not change the others' cases. */
function seedOf(operation: Operation): number {
  let hash = SEED | 0;
  for (const char of operation.operationId) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

describe(`OpenAPI fuzz: ${RUNS} cases per operation, seed ${SEED}`, () => {
  const selected = operations().filter((op) => !ONLY || ONLY.includes(op.operationId));
  for (const operation of selected) {
    it.concurrent(
      `${operation.operationId}: ${operation.method} ${operation.template}`,
      async () => {
        const cases = WEBHOOKS.test(operation.template)
          ? fc.tuple(fuzzCase(operation, known), fc.boolean())
          : fuzzCase(operation, known).map((fuzz) => [fuzz, false] as const);
        const property = fc.asyncProperty(cases, async ([fuzz, sign]) => {
          const unsigned = toWireRequest(operation, fuzz, credentials);
          const request = sign ? signed(unsigned) : unsigned;
          const response = await send(stack.gatewayUrl, request);
          const faults = violations(operation, fuzz, request, response);
          if (faults.length > 0) {
            throw new Error(
              `${request.method} ${`${response.path}?${request.query}`.slice(0, 300)} -> ${response.status}: ${faults.join("; ")}\n` +
                `body: ${response.text.slice(0, 500)}`,
            );
          }
        });
        await fc.assert(property, {
          numRuns: RUNS,
          seed: seedOf(operation),
          ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}),
          endOnFailure: false,
        });
      },
      Math.max(300_000, RUNS * 100),
    );
  }
});
