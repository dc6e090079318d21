import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { EXIT } from "./exit-codes";
import { json, runMkt } from "./testing/run-mkt";

/** One recorded request and the answer the fake gateway gave it. */
interface Seen {
  method: string;
  url: URL;
  headers: Headers;
  body: unknown;
}

const PROBLEM = "application/problem+json";

/** Runs `mkt` in-process against a fake fetch (a unit test: no gateway), capturing stdout and stderr. */
async function mkt(
  argv: string[],
  answer: (seen: Seen) => Response | Promise<Response> = () => json({}),
  env: Record<string, string> = { MKT_URL: "http://gateway.test", MKT_TOKEN: "token-1" },
) {
  const seen: Seen[] = [];
  const run = await runMkt(argv, env, async (input) => {
    const request = input as Request;
    const text = await request.text();
    const entry = {
      method: request.method,
      url: new URL(request.url),
      headers: request.headers,
      body: text ? JSON.parse(text) : undefined,
    };
    seen.push(entry);
    return answer(entry);
  });
  return { ...run, seen };
}

const INSTANCE_PAGE = {
  items: [
    {
      id: "0195a561-4527-70ce-86b3-bebd1dd012b7",
      name: "Shop",
      ownerOrganisationId: "0195a561-4527-70ce-86b3-bebd1dd012b8",
      defaultCurrency: "EUR",
      platformFeeBps: 1000,
      createdAt: "2026-03-14T09:26:53.000Z",
    },
  ],
  page: 1,
  pageSize: 20,
  totalCount: 1,
  totalPages: 1,
};

describe("mkt: arguments and exit codes", () => {
  it("shows the usage and exits 1 without a command, an unknown command or a bad option", async () => {
    expect((await mkt([])).code).toBe(EXIT.usage);
    const unknown = await mkt(["nope"]);
    expect(unknown.code).toBe(EXIT.usage);
    expect(unknown.stderr).toContain("unknown command 'nope'");
    const notInteger = await mkt(["price", "item-1", "--amount", "19.99", "--currency", "EUR"]);
    expect(notInteger.code).toBe(EXIT.usage);
    expect(notInteger.stderr).toContain("Expected an integer");
    expect(notInteger.seen).toEqual([]);
    const missing = await mkt(["price", "item-1", "--amount", "1999"]);
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toContain("--currency");
  });

  it("exits 0 with the help", async () => {
    const help = await mkt(["--help"]);
    expect(help.code).toBe(EXIT.ok);
    expect(help.stdout).toContain("MKT_API_KEY");
    expect(help.stdout).toContain("Exit codes");
  });

  it("needs one credential: exit 1 without, or with both", async () => {
    const none = await mkt(["instances"], undefined, { MKT_URL: "http://gateway.test" });
    expect(none).toMatchObject({ code: EXIT.usage, seen: [] });
    expect(none.stderr).toContain("MKT_TOKEN");
    const both = await mkt(["instances"], undefined, { MKT_TOKEN: "a", MKT_API_KEY: "b" });
    expect(both.code).toBe(EXIT.usage);
    expect((await mkt(["instances"], undefined, { MKT_URL: "ftp://x", MKT_TOKEN: "a" })).code).toBe(
      EXIT.usage,
    );
  });

  it("sends MKT_TOKEN as a bearer token and MKT_API_KEY as x-api-key, to MKT_URL", async () => {
    const bearer = await mkt(["instances"], () => json(INSTANCE_PAGE));
    expect(bearer.seen[0]!.headers.get("authorization")).toBe("Bearer token-1");
    expect(bearer.seen[0]!.url.origin).toBe("http://gateway.test");
    const key = await mkt(["instances"], () => json(INSTANCE_PAGE), {
      MKT_URL: "http://other.test/",
      MKT_API_KEY: "mk_test_abc",
    });
    expect(key.seen[0]!.headers.get("x-api-key")).toBe("mk_test_abc");
    expect(key.seen[0]!.headers.get("authorization")).toBeNull();
    expect(key.seen[0]!.url.href).toBe("http://other.test/marketplace/instances?page=1&pageSize=20");
  });

  it("prints the API's own JSON with --json, and lines for people without", async () => {
    const asJson = await mkt(["--json", "instances"], () => json(INSTANCE_PAGE));
    expect(asJson.code).toBe(EXIT.ok);
    expect(JSON.parse(asJson.stdout)).toEqual(INSTANCE_PAGE);
    const human = await mkt(["instances", "list", "--page-size", "5"], () => json(INSTANCE_PAGE));
    expect(human.stdout).toContain("0195a561-4527-70ce-86b3-bebd1dd012b7  Shop  EUR  fee 1000 bps");
    expect(human.seen[0]!.url.searchParams.get("pageSize")).toBe("5");
  });

  it("exits 2 on a 4xx and prints the problem as a sentence with its fields and members", async () => {
    const refused = await mkt(["publish", "item-1"], () =>
      json(
        {
          type: "https://docs/problems/item-not-ready",
          title: "The item is not ready to publish.",
          status: 409,
          detail: "The item cannot be published yet",
          instance: "/x",
          code: "item-not-ready",
          traceId: "t",
          unmet: ["basePrice", "release"],
        },
        409,
        PROBLEM,
      ),
    );
    expect(refused.code).toBe(EXIT.refused);
    expect(refused.stderr).toBe(
      "mkt: The item cannot be published yet. (409 item-not-ready)\n  still missing: basePrice, release\n",
    );
    const invalid = await mkt(["price", "item-1", "--amount", "1", "--currency", "XXX"], () =>
      json(
        {
          status: 400,
          code: "validation-failed",
          detail: "Your request is not valid.",
          errors: { "body.currency": ["Expected an ISO 4217 code the marketplace accepts, such as EUR."] },
        },
        400,
        PROBLEM,
      ),
    );
    expect(invalid.code).toBe(EXIT.refused);
    expect(invalid.stderr).toContain("  body.currency: Expected an ISO 4217 code");
  });

  it("exits 3 when the API fails or cannot be reached", async () => {
    const failed = await mkt(["instances"], () =>
      json(
        { status: 500, code: "internal", detail: "An internal error occurred.", errorId: "e-1" },
        500,
        PROBLEM,
      ),
    );
    expect(failed.code).toBe(EXIT.failed);
    expect(failed.stderr).toContain("error id e-1");
    const unreachable = await mkt(["instances"], () => {
      throw new TypeError("fetch failed", { cause: { code: "ECONNREFUSED" } });
    });
    expect(unreachable.code).toBe(EXIT.failed);
    expect(unreachable.stderr).toBe("mkt: Cannot reach the gateway at http://gateway.test: ECONNREFUSED.\n");
  });
});

describe("mkt: commands build the API's requests", () => {
  it("describe sends a YAML file's members as the metadata body", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mkt-"));
    const file = join(dir, "item.yaml");
    await writeFile(file, "displayName: Tracker Pro\ndescription: |\n  Tracks things.\n  Twice.\n");
    const item = {
      id: "i",
      status: "draft",
      metadata: { displayName: "Tracker Pro" },
      readiness: { ready: false, unmet: ["release"] },
    };
    const run = await mkt(["describe", "item-1", "--file", file], () => json(item));
    expect(run.code).toBe(EXIT.ok);
    expect(run.seen[0]).toMatchObject({
      method: "POST",
      body: { displayName: "Tracker Pro", description: "Tracks things.\nTwice.\n" },
    });
    expect(run.seen[0]!.url.pathname).toBe("/marketplace/developers/marketplace-items/item-1/metadata");
    expect(run.stdout).toContain("(to publish: release)");
    const unreadable = await mkt(["describe", "item-1", "--file", join(dir, "absent.yaml")]);
    expect(unreadable).toMatchObject({ code: EXIT.usage, seen: [] });
  });

  it("price and list send integer minor units; checkout sends the device and addresses", async () => {
    await mkt(["price", "item-1", "--amount", "1999", "--currency", "eur"], (seen) => {
      expect(seen.body).toEqual({ amount: 1999, currency: "EUR" });
      return json({ amount: 1999, currency: "EUR", effectiveFrom: "t", createdAt: "t" });
    });
    const listed = await mkt(
      ["list", "item-1", "--instance", "inst", "--amount", "2999", "--currency", "EUR", "--private"],
      () => json({ id: "l", price: { amount: 2999, currency: "EUR" }, visibility: "private" }),
    );
    expect(listed.seen[0]!.body).toEqual({
      marketplaceInstanceId: "inst",
      price: { amount: 2999, currency: "EUR" },
      visibility: "private",
    });
    const checkout = await mkt(
      [
        "checkout",
        "item-1",
        "--instance",
        "inst",
        "--device",
        "00112233aabbccdd",
        "--success-url",
        "https://a/ok",
        "--cancel-url",
        "https://a/no",
      ],
      () =>
        json(
          {
            checkoutSessionId: "cs",
            url: "https://pay/cs",
            expiresAt: "t",
            amount: { amount: 2999, currency: "EUR" },
          },
          201,
        ),
    );
    expect(checkout.code).toBe(EXIT.ok);
    expect(checkout.stdout.split("\n")[0]).toBe("https://pay/cs");
    expect(checkout.seen[0]!.url.pathname).toBe("/marketplace/providers/listings/item-1/checkout-sessions");
  });

  it("statements export streams the body into the file and refuses --csv with --pdf", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mkt-"));
    const output = join(dir, "s.csv");
    const csv = "occurredAt,kind\r\n2026-03-01T00:00:00.000Z,sale\r\n";
    const run = await mkt(["--json", "statements", "export", "st-1", "--csv", "-o", output], (seen) => {
      expect(seen.url.pathname).toBe("/marketplace/earnings/statements/st-1/export.csv");
      return new Response(csv, { headers: { "content-type": "text/csv; charset=utf-8" } });
    });
    expect(run.code).toBe(EXIT.ok);
    expect(await readFile(output, "utf8")).toBe(csv);
    expect(JSON.parse(run.stdout)).toMatchObject({ statementId: "st-1", format: "csv", bytes: csv.length });
    expect((await mkt(["statements", "export", "st-1", "--csv", "--pdf"])).code).toBe(EXIT.usage);
  });

  it("statements close turns bare dates into UTC midnights", async () => {
    const run = await mkt(["statements", "close", "--start", "2026-03-01", "--end", "2026-04-01"], () =>
      json({ batchId: "b", statementCount: 2 }),
    );
    expect(run.seen[0]!.body).toEqual({
      periodStartUtc: "2026-03-01T00:00:00.000Z",
      periodEndUtc: "2026-04-01T00:00:00.000Z",
      livemode: false,
    });
    expect(run.stdout).toBe("batch b: 2 statements\n");
  });
});
