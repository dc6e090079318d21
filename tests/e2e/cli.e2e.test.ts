import { execFile } from "node:child_process";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { createMarketplaceClient, unwrap } from "@mp/sdk";
import { waitFor } from "@mp/testing";
import { paymentIntentSucceeded, signedStripeEvent, stripeId } from "@mp/testing/stripe";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pngBytes } from "./images";
import { startTestStack } from "./stack";

/**
 * The real `mkt` binary (packages/cli/bin/mkt.mjs, run as a child process with nothing but PATH and the
 * `MKT_*` variables, as a CI job would) against the launched stack: a developer publishes an item from
 * scratch with an API key (link, describe from YAML, icon and image uploads, release, price, publish), an
 * admin creates the instance and offers the item, a provider lists it, finds it in the catalogue, makes a
 * checkout, sees the purchase a payment notification made, installs it on the device (following it to
 * `succeeded`) and exports its statement as CSV and PDF; the platform operator closes a period.
 */
const BIN = join(import.meta.dirname, "../../packages/cli/bin/mkt.mjs");
const PROVIDER_DEVICES = demoSeed().devices.filter(
  (d) => d.organisationId === DEMO_ORGANISATIONS.provider.id,
);

let stack: LocalStack;
let dir: string;
const logs: string[] = [];

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run `mkt` with only PATH and the given `MKT_*` variables; never throws on a non-zero exit. */
function mkt(env: Record<string, string>, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      {
        env: { PATH: process.env.PATH ?? "", MKT_URL: stack.gatewayUrl, ...env },
        cwd: dir,
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        const code = error ? Number((error as { code?: number }).code ?? 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** `mkt --json ...` that must succeed: its parsed output. */
async function mktJson<T = Record<string, unknown>>(
  env: Record<string, string>,
  ...args: string[]
): Promise<T> {
  const run = await mkt(env, "--json", ...args);
  expect(run, `mkt ${args.join(" ")}: ${run.stderr}`).toMatchObject({ code: 0 });
  return JSON.parse(run.stdout) as T;
}

let developerKey: Record<string, string>;
let admin: Record<string, string>;
let provider: Record<string, string>;
let operator: Record<string, string>;
let instanceId: string;
let itemId: string;
let displayName: string;
/** The release the developer selects, and a provider device of its board that takes updates: bought, then installed. */
let release: { version: string; board: { id: string } };
let DEVICE: string;

beforeAll(async () => {
  // The simulated platform's clock and the adapter's polling sped up, so an install ends in seconds.
  stack = await startTestStack(logs, { SIMULATOR_TICK_MS: "300", INSTALL_POLL_MS: "200" });
  dir = await mkdtemp(join(tmpdir(), "mkt-e2e-"));
  admin = { MKT_TOKEN: stack.credentials.admin.token };
  provider = { MKT_TOKEN: stack.credentials.provider.token };
  operator = { MKT_TOKEN: stack.credentials.operator.token };
  // A CI job holds an API key, never a user's token: made once, here, through the SDK.
  const developer = createMarketplaceClient({
    baseUrl: stack.gatewayUrl,
    token: stack.credentials.developer.token,
  });
  const key = await unwrap(
    developer.POST("/marketplace/api-keys", { body: { name: "ci", roles: ["developer"] } }),
  );
  developerKey = { MKT_API_KEY: key.key };
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

describe("mkt against the stack", () => {
  it("an admin creates an instance", async () => {
    const instance = await mktJson<{ id: string; platformFeeBps: number }>(
      admin,
      "instances",
      "create",
      "--name",
      "CLI",
      "--currency",
      "EUR",
      "--fee-bps",
      "1000",
    );
    expect(instance.platformFeeBps).toBe(1000);
    instanceId = instance.id;
    const listed = await mkt(admin, "instances");
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${instanceId}  CLI  EUR  fee 1000 bps`);
  });

  it("a developer publishes an item from CI with an API key", async () => {
    const apps = await mktJson<{ items: { applicationId: number; name: string }[] }>(
      developerKey,
      "apps",
      "--instance",
      instanceId,
    );
    const app = apps.items[0]!;
    // Publishing learns of the new instance from an event a moment after its creation: 404 until then.
    const item = await waitFor(
      async () => {
        const run = await mkt(
          developerKey,
          "--json",
          "link",
          String(app.applicationId),
          "--instance",
          instanceId,
        );
        if (run.code === 2 && run.stderr.includes("not-found")) return undefined;
        expect(run, run.stderr).toMatchObject({ code: 0 });
        return JSON.parse(run.stdout) as { id: string; status: string };
      },
      { timeoutMs: 30_000, intervalMs: 300, what: "the instance to reach publishing" },
    );
    expect(item.status).toBe("draft");
    itemId = item.id;

    const early = await mkt(developerKey, "publish", itemId);
    expect(early.code).toBe(2);
    expect(early.stderr).toMatch(/^mkt: .+ \(409 item-not-ready\)\n {2}still missing: .*release/);

    displayName = `CLI Tracker ${Date.now()}`;
    await writeFile(
      join(dir, "item.yaml"),
      `displayName: ${displayName}\ndescription: |\n  Tracks things.\n  From the command line.\nlicenseUrl: https://example.com/licence\n`,
    );
    const described = await mktJson<{ metadata: { displayName: string; description: string } }>(
      developerKey,
      "describe",
      itemId,
      "--file",
      "item.yaml",
    );
    expect(described.metadata).toEqual(
      expect.objectContaining({ displayName, description: "Tracks things.\nFrom the command line.\n" }),
    );

    await writeFile(join(dir, "icon.png"), pngBytes(256, 256));
    await writeFile(join(dir, "shot.png"), pngBytes(640, 360));
    const withIcon = await mktJson<{ icon: { status: string; width: number } }>(
      developerKey,
      "upload-icon",
      itemId,
      "icon.png",
    );
    expect(withIcon.icon).toMatchObject({ status: "ready", width: 256 });
    const gallery = await mktJson<{ width: number; height: number }[]>(
      developerKey,
      "upload-image",
      itemId,
      "shot.png",
    );
    expect(gallery).toEqual([expect.objectContaining({ width: 640, height: 360 })]);
    const notSquare = await mkt(developerKey, "upload-icon", itemId, "shot.png");
    expect(notSquare.code).toBe(2);
    expect(notSquare.stderr).toContain("409 asset-invalid");

    const releases = await mktJson<{
      items: { releaseId: string; version: string; board: { id: string } }[];
    }>(developerKey, "app-releases", String(app.applicationId));
    const selected = await mktJson<{ status: string; version: string }>(
      developerKey,
      "select-release",
      itemId,
      releases.items[0]!.releaseId,
      "--wait",
      "--timeout",
      "60",
    );
    expect(selected).toMatchObject({ status: "available", version: releases.items[0]!.version });
    release = releases.items[0]!;
    DEVICE = PROVIDER_DEVICES.find(
      (d) =>
        d.boardId.toLowerCase() === release.board.id.toLowerCase() &&
        !d.failUpdates &&
        d.applicationState?.applicationId !== app.applicationId,
    )!.deviceId.toLowerCase();

    const price = await mkt(developerKey, "price", itemId, "--amount", "1000", "--currency", "EUR");
    expect(price.code).toBe(0);
    expect(price.stdout).toMatch(/^base price 1000 EUR from /);

    const published = await mktJson<{ status: string; readiness: { ready: boolean } }>(
      developerKey,
      "publish",
      itemId,
    );
    expect(published).toMatchObject({ status: "published", readiness: { ready: true } });
  });

  it("an admin offers it and a provider lists it, finds it and makes a checkout", async () => {
    const offering = await mktJson<{ marketplaceItemId: string }>(
      admin,
      "offer",
      itemId,
      "--instance",
      instanceId,
    );
    expect(offering.marketplaceItemId).toBe(itemId);

    const below = await mkt(
      provider,
      "list",
      itemId,
      "--instance",
      instanceId,
      "--amount",
      "1",
      "--currency",
      "EUR",
    );
    expect(below.code).toBe(2);
    expect(below.stderr).toContain("409 price-below-base");
    const listing = await waitFor(
      async () => {
        const run = await mkt(
          provider,
          "--json",
          "list",
          itemId,
          "--instance",
          instanceId,
          "--amount",
          "2500",
          "--currency",
          "EUR",
        );
        if (run.code === 2 && run.stderr.includes("not-offered")) return undefined;
        expect(run, run.stderr).toMatchObject({ code: 0 });
        return JSON.parse(run.stdout) as { id: string; price: { amount: number } };
      },
      { timeoutMs: 30_000, intervalMs: 300, what: "the offering to reach listings" },
    );
    expect(listing.price.amount).toBe(2500);

    const found = await waitFor(
      async () => {
        const page = await mktJson<{ items: { id: string }[] }>(
          provider,
          "catalogue",
          "search",
          ...displayName.split(" "),
          "--instance",
          instanceId,
        );
        return page.items.some((i) => i.id === itemId) ? page : undefined;
      },
      { timeoutMs: 30_000, intervalMs: 500, what: "the item in the catalogue" },
    );
    expect(found.items.map((i) => i.id)).toContain(itemId);

    const checkout = await mkt(
      provider,
      "checkout",
      itemId,
      "--instance",
      instanceId,
      "--device",
      DEVICE,
      "--success-url",
      "http://127.0.0.1/paid",
      "--cancel-url",
      "http://127.0.0.1/cart",
    );
    expect(checkout, checkout.stderr).toMatchObject({ code: 0 });
    expect(checkout.stdout.split("\n")[0]).toMatch(/^https?:\/\/\S+$/);
    expect(checkout.stdout).toContain("2500 EUR");

    // The payment itself: Stripe's signed notification, as the stand-in sends it once a buyer pays.
    const { body, signature } = signedStripeEvent(
      paymentIntentSucceeded({
        listingId: listing.id,
        deviceId: DEVICE,
        amount: 2500,
        currency: "EUR",
        paymentIntentId: stripeId("pi"),
      }),
      stack.stripeWebhookSecret,
    );
    const notified = await fetch(`${stack.gatewayUrl}/marketplace/webhooks/stripe`, {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      body,
    });
    expect(notified.status).toBe(204);

    const purchases = await waitFor(
      async () => {
        const page = await mktJson<{ items: { listingId: string; deviceId: string; status: string }[] }>(
          provider,
          "purchases",
          "--device",
          DEVICE,
        );
        return page.items.find((p) => p.listingId === listing.id);
      },
      { timeoutMs: 60_000, intervalMs: 500, what: "the purchase" },
    );
    expect(purchases.status).toBe("completed");
  });

  it("a provider installs the purchase on the device and follows it to the end", async () => {
    const install = await mkt(
      provider,
      "--json",
      "install",
      DEVICE,
      itemId,
      "--version",
      release.version,
      "--wait",
      "--timeout",
      "90",
    );
    expect(install, install.stderr).toMatchObject({ code: 0 });
    expect(JSON.parse(install.stdout)).toMatchObject({
      deviceId: DEVICE,
      version: release.version,
      status: "succeeded",
    });
    expect(install.stderr).toContain("succeeded");
  });

  it("a provider exports its statement as CSV and PDF, streamed to files", async () => {
    const statement = await waitFor(
      async () => {
        const page = await mktJson<{ items: { id: string; role: string; lineCount: number }[] }>(
          provider,
          "statements",
          "list",
          "--role",
          "provider",
          "--status",
          "open",
        );
        return page.items.find((s) => s.lineCount > 0);
      },
      { timeoutMs: 90_000, intervalMs: 500, what: "the provider's statement" },
    );
    const csv = await mkt(provider, "statements", "export", statement.id, "--csv", "-o", "statement.csv");
    expect(csv, csv.stderr).toMatchObject({ code: 0 });
    expect(csv.stdout).toMatch(/^wrote .*statement\.csv \(\d/);
    const rows = parse(await readFile(join(dir, "statement.csv"), "utf8"), { columns: true }) as Record<
      string,
      string
    >[];
    expect(rows.some((row) => row.marketplaceItemId === itemId)).toBe(true);

    const pdf = await mktJson<{ path: string; bytes: number; format: string }>(
      provider,
      "statements",
      "export",
      statement.id,
      "--pdf",
      "-o",
      "statement.pdf",
    );
    expect(pdf.format).toBe("pdf");
    const bytes = await readFile(join(dir, "statement.pdf"));
    expect(bytes.length).toBe(pdf.bytes);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const someoneElses = await mkt(
      provider,
      "statements",
      "close",
      "--start",
      "2025-01-01",
      "--end",
      "2025-02-01",
    );
    expect(someoneElses.code).toBe(2);
    expect(someoneElses.stderr).toContain("403 forbidden");
    const closed = await mkt(operator, "statements", "close", "--start", "2025-01-01", "--end", "2025-02-01");
    expect(closed, closed.stderr).toMatchObject({ code: 0 });
    expect(closed.stdout).toMatch(/^batch [0-9a-f-]{36}: \d+ statements\n$/);
  });

  it("exits 3 when the gateway cannot be reached, and 1 without a credential", async () => {
    const down = await mkt({ ...provider, MKT_URL: "http://127.0.0.1:9" }, "purchases");
    expect(down.code).toBe(3);
    expect(down.stderr).toContain("Cannot reach the gateway at http://127.0.0.1:9");
    const anonymous = await mkt({}, "purchases");
    expect(anonymous.code).toBe(1);
  });
});
