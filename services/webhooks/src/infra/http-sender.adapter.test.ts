import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkedLookup, makeHttpSender } from "./http-sender.adapter";

/** A local receiver: each path answers its own way. */
let server: Server;
let base: string;
let port: number;
const bodies: string[] = [];
let redirectedTo = 0;
let endlessClosed = 0;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      bodies.push(body);
      if (req.url === "/ok") res.writeHead(204).end();
      else if (req.url === "/redirect") res.writeHead(302, { location: "/target" }).end();
      else if (req.url === "/target") {
        redirectedTo++;
        res.writeHead(200).end();
      } else if (req.url === "/endless") {
        // Just over 1 KiB of an answer that never ends: only a sender that stops reading there succeeds.
        res.writeHead(200).write("x".repeat(1_100));
        res.on("close", () => {
          endlessClosed++;
        });
      } else if (req.url === "/silent") {
        /* never answers */
      } else res.writeHead(500).end("nope");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

// Long enough for a loaded CI machine to answer; the timeout's own test has a short one.
const open = makeHttpSender({ timeoutMs: 10_000, httpsOnly: false, allowPrivate: true });
const guarded = makeHttpSender({ timeoutMs: 10_000, httpsOnly: false, allowPrivate: false });
afterAll(() => {
  open.close();
  guarded.close();
});

describe("posting a delivery", () => {
  it("posts the body and reports a 2xx as success with its status and duration", async () => {
    const outcome = await open.send(`${base}/ok`, '{"a":1}', { "content-type": "application/json" });
    expect(outcome).toMatchObject({ ok: true, status: 204 });
    expect(outcome.durationMs).toBeGreaterThan(0);
    expect(bodies.at(-1)).toBe('{"a":1}');
  });

  it("counts any other status as a failure, and never follows a redirect", async () => {
    expect(await open.send(`${base}/fail`, "{}", {})).toMatchObject({ ok: false, status: 500 });
    expect(await open.send(`${base}/redirect`, "{}", {})).toMatchObject({ ok: false, status: 302 });
    expect(redirectedTo).toBe(0);
  });

  it("reads at most 1 KiB of an answer, then drops the connection", async () => {
    // Reading the whole answer would wait for the timeout and report a failure.
    expect(await open.send(`${base}/endless`, "{}", {})).toMatchObject({ ok: true, status: 200 });
    await expect.poll(() => endlessClosed).toBe(1);
  });

  it("gives up on a receiver that does not answer in time", async () => {
    const impatient = makeHttpSender({ timeoutMs: 300, httpsOnly: false, allowPrivate: true });
    const outcome = await impatient.send(`${base}/silent`, "{}", {});
    impatient.close();
    expect(outcome).toMatchObject({ ok: false, status: null });
    expect(outcome.durationMs).toBeGreaterThanOrEqual(250);
  });

  it("refuses loopback addresses, as IP literals and through DNS, before any request is made", async () => {
    const before = bodies.length;
    for (const url of [`${base}/ok`, `http://localhost:${port}/ok`, `http://[::ffff:127.0.0.1]:${port}/ok`]) {
      const outcome = await guarded.send(url, "{}", {});
      expect(outcome, url).toMatchObject({ ok: false, status: null });
      if (!outcome.ok) expect(outcome.error).toMatch(/not a public address|embeds/);
    }
    expect(bodies.length).toBe(before);
  });

  it("refuses http in production", async () => {
    const production = makeHttpSender({ timeoutMs: 10_000, httpsOnly: true, allowPrivate: true });
    expect(await production.send(`${base}/ok`, "{}", {})).toMatchObject({ ok: false, status: null });
    production.close();
  });
});

describe("the connect-time lookup", () => {
  it("answers public addresses and refuses a name resolving to a private one", async () => {
    const lookup = (host: string, all: boolean) =>
      new Promise<unknown>((resolve, reject) =>
        checkedLookup(host, { all }, (error, address) => (error ? reject(error) : resolve(address))),
      );
    await expect(lookup("localhost", false)).rejects.toThrow(/not a public address/);
    await expect(lookup("localhost", true)).rejects.toThrow(/not a public address/);
  });
});
