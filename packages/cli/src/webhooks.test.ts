import { describe, expect, it } from "vitest";
import { EXIT } from "./exit-codes";
import { json, runMkt } from "./testing/run-mkt";

const ID = "0195a561-4527-70ce-86b3-bebd1dd012b7";
const endpoint = {
  id: ID,
  organisationId: "0195a561-4527-70ce-86b3-bebd1dd012b8",
  url: "https://hooks.example.com/mkt",
  events: ["install.failed", "rollout.paused"],
  description: null,
  enabled: true,
  disabledReason: null,
  previousSecretExpiresAt: null,
  createdAt: "2026-11-28T12:00:00.000Z",
  updatedAt: "2026-11-28T12:00:00.000Z",
};
const page = (items: unknown[]) => ({
  items,
  page: 1,
  pageSize: 20,
  totalCount: items.length,
  totalPages: 1,
});

/** `mkt webhooks ...` against a fake gateway: `answer` per request; records method, path, query and body. */
async function mktWebhooks(args: string[], answer: (method: string, path: string) => Response) {
  const seen: { method: string; url: URL; body: unknown }[] = [];
  const run = await runMkt(
    args,
    { MKT_URL: "http://gateway.test", MKT_API_KEY: "mk_test_key" },
    async (input) => {
      const request = input as Request;
      const text = await request.text();
      const url = new URL(request.url);
      seen.push({ method: request.method, url, body: text ? JSON.parse(text) : undefined });
      return answer(request.method, url.pathname);
    },
  );
  return { ...run, seen };
}

describe("mkt webhooks", () => {
  it("creates an endpoint and prints its secret once, with a note to store it", async () => {
    const run = await mktWebhooks(
      ["webhooks", "create", "--url", endpoint.url, "--events", "install.failed, rollout.paused"],
      () => json({ ...endpoint, secret: "whsec_abc" }, 201),
    );
    expect(run.code).toBe(EXIT.ok);
    expect(run.seen).toEqual([
      {
        method: "POST",
        url: new URL("http://gateway.test/marketplace/webhook-endpoints"),
        body: { url: endpoint.url, events: ["install.failed", "rollout.paused"] },
      },
    ]);
    expect(run.stdout).toBe(
      `${ID}  ${endpoint.url}  install.failed,rollout.paused  enabled\nsecret whsec_abc\n`,
    );
    expect(run.stderr).toContain("not shown again");
  });

  it("names the refused event type as the API does: exit 2", async () => {
    const run = await mktWebhooks(
      ["webhooks", "create", "--url", endpoint.url, "--events", "nope"],
      () =>
        new Response(
          JSON.stringify({
            type: "https://marketplace.example/problems/validation-failed",
            title: "Validation failed",
            status: 400,
            code: "validation-failed",
            detail: "The request is not valid.",
            errors: { "body.events.0": ["Invalid option"] },
          }),
          { status: 400, headers: { "content-type": "application/problem+json" } },
        ),
    );
    expect(run.code).toBe(EXIT.refused);
    expect(run.stderr).toBe(
      "mkt: The request is not valid. (400 validation-failed)\n  body.events.0: Invalid option\n",
    );
  });

  it("lists a page (--json: the API's answer) and the deliveries with a status filter", async () => {
    const list = await mktWebhooks(["--json", "webhooks", "list", "--page-size", "5"], () =>
      json(page([endpoint])),
    );
    expect(list.code).toBe(EXIT.ok);
    expect(JSON.parse(list.stdout)).toEqual(page([endpoint]));
    expect(list.seen[0]!.url.search).toBe("?page=1&pageSize=5");

    const delivery = {
      id: "01952134-f88a-79a7-86a4-e0b41dcbe818",
      endpointId: ID,
      eventId: "01952134-f88a-79a7-86a4-e0b41dcbe819",
      eventType: "install.failed",
      status: "failed",
      attempts: 17,
      responseStatus: 500,
      durationMs: 12,
      lastError: "HTTP 500",
      nextAttemptAt: null,
      deliveredAt: null,
      lastAttemptAt: "2026-11-28T12:00:00.000Z",
      createdAt: "2026-11-28T11:00:00.000Z",
    };
    const deliveries = await mktWebhooks(["webhooks", "deliveries", ID, "--status", "failed"], () =>
      json(page([delivery])),
    );
    expect(deliveries.code).toBe(EXIT.ok);
    expect(deliveries.seen[0]!.url.pathname).toBe(`/marketplace/webhook-endpoints/${ID}/deliveries`);
    expect(deliveries.seen[0]!.url.searchParams.get("status")).toBe("failed");
    expect(deliveries.stdout).toBe(
      `${delivery.id}  ${delivery.createdAt}  install.failed  failed  17 attempts  HTTP 500  HTTP 500\npage 1 of 1 (1 in all)\n`,
    );
  });

  it("deletes (204: --json prints what was done) and rotates a secret", async () => {
    const deleted = await mktWebhooks(
      ["--json", "webhooks", "delete", ID],
      () => new Response(null, { status: 204 }),
    );
    expect(deleted.code).toBe(EXIT.ok);
    expect(deleted.seen[0]!.method).toBe("DELETE");
    expect(JSON.parse(deleted.stdout)).toEqual({ id: ID, deleted: true });

    const rotated = await mktWebhooks(["webhooks", "rotate-secret", ID], () =>
      json({ ...endpoint, secret: "whsec_new", previousSecretExpiresAt: "2026-11-29T12:00:00.000Z" }),
    );
    expect(rotated.code).toBe(EXIT.ok);
    expect(rotated.seen[0]!.url.pathname).toBe(`/marketplace/webhook-endpoints/${ID}/rotate-secret`);
    expect(rotated.stdout).toContain(
      "secret whsec_new\nprevious secret valid until 2026-11-29T12:00:00.000Z",
    );
  });

  it("refuses a bad --status before any request: exit 1", async () => {
    const run = await mktWebhooks(["webhooks", "deliveries", ID, "--status", "lost"], () => json({}));
    expect(run).toMatchObject({ code: EXIT.usage, seen: [] });
  });
});
