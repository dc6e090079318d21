import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import type { WebhookSender } from "../application/ports";
import { refusedAddress } from "../domain/address-policy";
import type { AttemptOutcome } from "../domain/delivery";

/** At most this much of an answer is read; the rest is dropped with the connection. */
export const MAX_RESPONSE_BYTES = 1024;

export interface SenderOptions {
  /** An attempt that has no answer within this is a failure (10 s). */
  timeoutMs: number;
  /** Production: https only, whatever the stored URL says. */
  httpsOnly: boolean;
  /** `WEBHOOK_ALLOW_PRIVATE=1`: no address check (local runs). */
  allowPrivate: boolean;
  /** Sockets per origin at most (default 64): at least the attempts that may run at once to one. */
  maxSockets?: number;
}

class RefusedAddressError extends Error {
  override readonly name = "RefusedAddressError";
  readonly code = "EREFUSEDADDRESS";
}

/**
 * The DNS lookup every connection makes: every address the name resolves to must be public, checked when
 * the socket connects (so a name that changes its answer after registration is caught), and the socket
 * connects to exactly the addresses checked.
 */
export const checkedLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, "", 0);
    const refused = addresses.map((a) => refusedAddress(a.address)).find((r) => r !== undefined);
    if (refused || addresses.length === 0)
      return callback(new RefusedAddressError(refused ?? `${hostname} resolves to nothing`), "", 0);
    if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
};

/**
 * Posts over Node's http/https with keep-alive agents whose lookup is {@link checkedLookup}: redirects are
 * never followed (a 3xx is a failure like any non-2xx), at most 1 KiB of the answer is read, and the whole
 * attempt ends at `timeoutMs`.
 */
export function makeHttpSender(options: SenderOptions): WebhookSender & { close(): void } {
  const lookup = options.allowPrivate ? undefined : checkedLookup;
  const maxSockets = options.maxSockets ?? 64;
  const agents = {
    "http:": new http.Agent({ keepAlive: true, maxSockets, ...(lookup && { lookup }) }),
    "https:": new https.Agent({ keepAlive: true, maxSockets, ...(lookup && { lookup }) }),
  };
  return {
    close() {
      agents["http:"].destroy();
      agents["https:"].destroy();
    },
    send(url, body, headers) {
      const started = performance.now();
      const failed = (status: number | null, error: string): AttemptOutcome => ({
        ok: false,
        status,
        durationMs: performance.now() - started,
        error,
      });
      let target: URL;
      try {
        target = new URL(url);
      } catch {
        return Promise.resolve(failed(null, "invalid URL"));
      }
      if (target.protocol !== "https:" && (options.httpsOnly || target.protocol !== "http:"))
        return Promise.resolve(failed(null, `${target.protocol} is not allowed`));
      // An IP literal is connected to without a lookup: it is checked here instead.
      const host = target.hostname.replace(/^\[|\]$/g, "");
      const literal = isIP(host) !== 0 ? refusedAddress(host) : undefined;
      if (literal && !options.allowPrivate) return Promise.resolve(failed(null, literal));
      const client = target.protocol === "https:" ? https : http;
      return new Promise<AttemptOutcome>((resolve) => {
        let settled = false;
        const finish = (outcome: AttemptOutcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        };
        const request = client.request(
          target,
          {
            method: "POST",
            agent: agents[target.protocol as "http:" | "https:"],
            headers: { ...headers, "content-length": Buffer.byteLength(body) },
          },
          (response) => {
            const status = response.statusCode ?? 0;
            let read = 0;
            const done = () => {
              const durationMs = performance.now() - started;
              finish(
                status >= 200 && status < 300
                  ? { ok: true, status, durationMs }
                  : { ok: false, status, durationMs, error: `answered ${status}` },
              );
            };
            response.on("data", (chunk: Buffer) => {
              read += chunk.length;
              if (read > MAX_RESPONSE_BYTES) {
                // Enough: the status is what counts; the connection is not reused.
                response.destroy();
                done();
              }
            });
            response.on("end", done);
            response.on("error", (error) => finish(failed(status, error.message)));
          },
        );
        const timer = setTimeout(() => {
          request.destroy(new Error(`no answer within ${options.timeoutMs} ms`));
        }, options.timeoutMs);
        request.on("error", (error) => finish(failed(null, error.message)));
        request.end(body);
      });
    },
  };
}
