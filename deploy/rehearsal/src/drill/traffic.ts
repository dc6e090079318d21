import { setTimeout as sleep } from "node:timers/promises";
import { checkoutSessionCompleted, signedStripeEvent } from "@mp/testing/stripe";
import type pg from "pg";
import { Pool } from "undici";
import type { DemoSeeded } from "../seed";
import { dueAt, loadEnd, opKind, sleepUntil } from "./mix";
import type { OpKind, Tally } from "./tally";

/** A payment notification the gateway accepted (204), with when it was sent (epoch ms). */
export interface Accepted {
  paymentIntentId: string;
  sentAt: number;
}

/** A listing and one of the provider's devices its item's release was built for. */
interface Pair {
  listingId: string;
  itemId: string;
  deviceId: string;
  price: { amount: number; currency: string };
  version: string;
  /** A device that runs nothing and does not fail updates: an install of this item on it can succeed. */
  installable: boolean;
}

/** How often (and how long apart) a refused notification is sent again, as Stripe redelivers. */
const NOTIFY_ATTEMPTS = 20;
const NOTIFY_RETRY_MS = 1_000;
const REQUEST_TIMEOUT_MS = 15_000;

export interface TrafficContext {
  gatewayUrl: string;
  seeded: DemoSeeded;
  db: pg.Pool;
  tally: Tally;
  /** Distinguishes this run's payment ids from any earlier run's. */
  runId: string;
}

/** The drill's mixed load: catalogue reads, instance creations, signed payment notifications, installs. */
export class Traffic {
  readonly accepted: Accepted[] = [];
  /** Notifications never accepted after every redelivery. */
  undelivered = 0;
  dropped = 0;
  private readonly http: Pool;
  private readonly pairs: Pair[];
  private readonly toInstall: { pair: Pair; paymentIntentId: string }[] = [];
  private readonly installedPairs = new Set<string>();
  private notified = 0;
  installsQueued = 0;

  private constructor(
    private readonly ctx: TrafficContext,
    pairs: Pair[],
  ) {
    this.http = new Pool(ctx.gatewayUrl, { connections: 64, keepAliveTimeout: 30_000 });
    this.pairs = pairs;
  }

  /** Reads each listed item's release once, to buy only for devices its release fits. */
  static async prepare(ctx: TrafficContext): Promise<Traffic> {
    const { credentials, data, devices } = ctx.seeded;
    const provider = credentials.provider.organisationId;
    const pairs: Pair[] = [];
    for (const listing of data.listings) {
      const response = await fetch(
        new URL(
          `/marketplace/developers/marketplace-items/${listing.itemId}/releases?page=1&pageSize=20`,
          ctx.gatewayUrl,
        ),
        { headers: { authorization: `Bearer ${credentials.developer.token}` } },
      );
      const page = (await response.json()) as {
        items: { status: string; version: string; board: { id: string } }[];
      };
      const release = page.items?.find((r) => r.status === "available");
      if (!release) continue;
      for (const device of devices) {
        if (device.organisationId !== provider) continue;
        if (device.boardId.toLowerCase() !== release.board.id.toLowerCase()) continue;
        pairs.push({
          listingId: listing.id,
          itemId: listing.itemId,
          deviceId: device.deviceId.toLowerCase(),
          price: listing.price,
          version: release.version,
          installable: !device.failUpdates && !device.applicationState,
        });
      }
    }
    if (pairs.length === 0)
      throw new Error("drill: no listing has a release for any of the provider's devices");
    return new Traffic(ctx, pairs);
  }

  /** Runs the load at `rate` a second until `minMs` have passed and `until` has settled. */
  async run(rate: number, minMs: number, until: Promise<unknown>): Promise<number> {
    let done = false;
    void until.finally(() => {
      done = true;
    });
    const inFlight = new Set<Promise<void>>();
    const start = performance.now();
    for (let i = 0; ; i++) {
      const due = dueAt(start, i, rate);
      const end = loadEnd(start, i, rate, minMs, done, performance.now());
      if (end !== undefined) {
        if (end > 0) await sleepUntil(start + minMs);
        break;
      }
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (inFlight.size >= rate * 30) {
        this.dropped += 1;
        continue;
      }
      const op = this.operation(opKind(i), i).catch(() => undefined);
      const tracked = op.finally(() => inFlight.delete(tracked));
      inFlight.add(tracked);
    }
    await Promise.all([...inFlight]);
    await this.http.close();
    return (performance.now() - start) / 1000;
  }

  private async operation(kind: OpKind, i: number): Promise<void> {
    if (kind === "notification") return this.notify(i);
    if (kind === "instance") return this.createInstance(i);
    if (kind === "install" && (await this.install())) return;
    return this.read(i);
  }

  private async request(
    kind: OpKind,
    method: "GET" | "POST",
    path: string,
    headers: Record<string, string>,
    body: string | undefined,
    expected: number,
  ): Promise<{ ok: boolean; text: string }> {
    try {
      const response = await this.http.request({
        method,
        path,
        headers: body === undefined ? headers : { ...headers, "content-type": "application/json" },
        body,
        headersTimeout: REQUEST_TIMEOUT_MS,
        bodyTimeout: REQUEST_TIMEOUT_MS,
      });
      const text = await response.body.text();
      const ok = response.statusCode === expected;
      const retryAfter = response.statusCode === 503 && response.headers["retry-after"] !== undefined;
      this.ctx.tally.record(
        kind,
        response.statusCode,
        ok,
        retryAfter,
        ok ? "" : `${method} ${path}: ${text}`,
      );
      return { ok, text };
    } catch (error) {
      this.ctx.tally.record(
        kind,
        "transport",
        false,
        false,
        `${method} ${path}: ${(error as Error).message}`,
      );
      return { ok: false, text: "" };
    }
  }

  private bearer(kind: "admin" | "provider"): Record<string, string> {
    return { authorization: `Bearer ${this.ctx.seeded.credentials[kind].token}` };
  }

  private async read(i: number): Promise<void> {
    const instance = this.ctx.seeded.data.instanceId;
    const path =
      i % 2 === 0
        ? `/marketplace/marketplace-items?marketplaceInstanceId=${instance}&page=1&pageSize=20`
        : "/marketplace/instances?page=1&pageSize=20";
    await this.request("read", "GET", path, this.bearer(i % 2 === 0 ? "provider" : "admin"), undefined, 200);
  }

  private async createInstance(i: number): Promise<void> {
    const body = JSON.stringify({
      name: `Drill ${this.ctx.runId} ${i}`,
      defaultCurrency: "EUR",
      platformFeeBps: 1000,
    });
    await this.request("instance", "POST", "/marketplace/instances", this.bearer("admin"), body, 200);
  }

  /** A signed checkout notification, redelivered after a refusal like Stripe does, until accepted. */
  private async notify(i: number): Promise<void> {
    const pair = this.pairs[this.notified++ % this.pairs.length] as Pair;
    const paymentIntentId = `pi_drill_${this.ctx.runId}_${i}`;
    const event = checkoutSessionCompleted(
      { listingId: pair.listingId, deviceId: pair.deviceId, ...pair.price, paymentIntentId },
      { id: `evt_drill_${this.ctx.runId}_${i}` },
    );
    for (let attempt = 0; attempt < NOTIFY_ATTEMPTS; attempt++) {
      const { body, signature } = signedStripeEvent(event, this.ctx.seeded.stripeWebhookSecret);
      const sentAt = Date.now();
      const answer = await this.request(
        "notification",
        "POST",
        "/marketplace/webhooks/stripe",
        { "stripe-signature": signature },
        body,
        204,
      );
      if (answer.ok) {
        this.accepted.push({ paymentIntentId, sentAt });
        const key = `${pair.deviceId}/${pair.itemId}`;
        if (pair.installable && !this.installedPairs.has(key)) {
          this.installedPairs.add(key);
          this.toInstall.push({ pair, paymentIntentId });
        }
        return;
      }
      await sleep(NOTIFY_RETRY_MS);
    }
    this.undelivered += 1;
  }

  /** Installs a bought item on its device once the purchase exists; false when none is waiting. */
  private async install(): Promise<boolean> {
    const next = this.toInstall[0];
    if (!next) return false;
    const found = await this.ctx.db.query("SELECT 1 FROM purchases.purchases WHERE payment_reference = $1", [
      next.paymentIntentId,
    ]);
    if (found.rowCount === 0) return false;
    this.toInstall.shift();
    const { deviceId, itemId, version } = next.pair;
    this.installsQueued += 1;
    await this.request(
      "install",
      "POST",
      `/marketplace/providers/devices/${deviceId}/purchases/${itemId}/install`,
      this.bearer("provider"),
      JSON.stringify({ version }),
      200,
    );
    return true;
  }
}
