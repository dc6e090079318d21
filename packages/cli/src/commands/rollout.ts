import type { components } from "@mp/sdk";
import { SingleBar } from "cli-progress";
import { type Command, InvalidArgumentError } from "commander";
import type { Context } from "../context";
import { EXIT, type ExitCode, UnavailableError } from "../exit-codes";
import {
  integer,
  type PageStatusOptions,
  pageLine,
  pageStatusOptions,
  pageStatusQuery,
  seconds,
} from "../options";
import { type Rollout, RolloutProgress, serverSentEvents } from "../rollout-progress";
import type { Run } from "./run";

/** Members with a default are optional in the request; `mkt` sends only what was given (docs/rollouts.md). */
type RolloutBody = components["schemas"]["RolloutRequestInput"];

const ROLLOUT_STATUSES = ["running", "paused", "cancelled", "completed"] as const;
const DEVICE_STATUSES = ["skipped", "queued", "in_progress", "succeeded", "failed", "cancelled"] as const;

/** The rollout's progress events after `lastEventId` (all of them without), as the raw stream. */
async function events(ctx: Context, rolloutId: string, lastEventId: number, signal: AbortSignal) {
  const { data } = await ctx.send(
    ctx.client.GET("/marketplace/providers/rollouts/{rolloutId}/events", {
      params: {
        path: { rolloutId },
        ...(lastEventId ? { header: { "last-event-id": String(lastEventId) } } : {}),
      },
      parseAs: "stream",
      signal,
    }),
  );
  if (!data) throw new UnavailableError(`The event stream of rollout ${rolloutId} had no body.`);
  return data;
}

const getRollout = (ctx: Context, rolloutId: string) =>
  ctx.call(
    ctx.client.GET("/marketplace/providers/rollouts/{rolloutId}", { params: { path: { rolloutId } } }),
  );

function growth(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value) || n < 1 || n > 10)
    throw new InvalidArgumentError("Expected a number 1..10.");
  return n;
}

/** Connections lost in a row before `follow` gives up (exit 3). */
const MAX_DROPS = 5;

/** A bar of finished devices on a terminal; elsewhere (CI logs) nothing: the notes carry the progress. */
function rolloutBar(ctx: Context) {
  const stream = ctx.io.progressStream;
  if (!stream || !(stream as { isTTY?: boolean }).isTTY) return undefined;
  return new SingleBar({
    stream,
    format: "rollout [{bar}] {value}/{total} devices | wave {wave}/{waves} | {failed} failed | {status}",
    hideCursor: true,
  });
}

/**
 * Follow a rollout's events until it completes, pauses or is cancelled (and its last installs are
 * reported), reconnecting with `Last-Event-ID` when a stream ends first. Exit 0 when every eligible device
 * succeeded; 3 when it paused, was cancelled or a device failed.
 */
async function follow(ctx: Context, rollout: Rollout, timeoutSeconds: number): Promise<ExitCode> {
  const progress = new RolloutProgress(rollout);
  const id = rollout.rolloutId;
  const bar = rolloutBar(ctx);
  const payload = () => ({
    wave: progress.wave,
    waves: progress.waveCount,
    failed: progress.failed,
    status: progress.status,
  });
  bar?.start(Math.max(progress.eligible, 1), progress.finished, payload());
  const deadline = Date.now() + timeoutSeconds * 1000;
  // Completed, or paused (the stream stays open while paused: nothing more happens until a resume).
  const stopped = () => progress.status === "completed" || progress.status === "paused";
  let drops = 0;
  const giveUp = () => new UnavailableError(`Gave up following rollout ${id} after ${timeoutSeconds} s.`);
  try {
    while (!stopped()) {
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw giveUp();
      const signal = AbortSignal.timeout(remaining);
      const data = await events(ctx, id, progress.lastEventId, signal);
      const before = progress.lastEventId;
      try {
        for await (const message of serverSentEvents(data)) {
          const line = progress.apply(message);
          bar?.setTotal(Math.max(progress.eligible, 1));
          bar?.update(progress.finished, payload());
          if (line && !bar)
            ctx.note(`rollout ${id}: ${line} (${progress.finished}/${progress.eligible} devices)`);
          if (stopped()) break;
        }
        drops = 0;
      } catch (error) {
        if (signal.aborted) throw giveUp();
        // A connection lost mid-stream (fetch's TypeError "terminated"): resume after the last event seen.
        if (!(error instanceof TypeError) || ++drops > MAX_DROPS) throw error;
        if (!bar) {
          ctx.note(
            `rollout ${id}: stream lost (${error.message}), resuming after event ${progress.lastEventId}`,
          );
        }
      }
      // The stream ended: after a cancellation once its last installs are in, or at the server's limit.
      if (progress.status === "cancelled") break;
      if (progress.lastEventId === before) await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  } finally {
    bar?.stop();
  }
  const final = await getRollout(ctx, id);
  const { succeeded, failed, skipped } = final.counts;
  ctx.print(final, () =>
    [
      `rollout ${id} ${final.status}: ${succeeded} succeeded, ${failed} failed, ${skipped} skipped`,
      ...(final.status === "paused" ? [`resume it with: mkt rollout resume ${id}`] : []),
    ].join("\n"),
  );
  return final.status === "completed" && failed === 0 ? EXIT.ok : EXIT.failed;
}

/** Providers: roll an item version out over many devices in waves, with live progress (SSE). */
export function rolloutCommands(program: Command, run: Run): void {
  const rollout = program
    .command("rollout")
    .description("install an item version over many devices in waves");
  run(
    rollout
      .command("start <itemId>")
      .description("start a rollout and follow it live (devices: --devices, --board, or all of yours)")
      .requiredOption("--version <version>", "the release version to install")
      .option("--devices <ids>", "comma-separated device ids, in wave order")
      .option("--board <id>", "every device of yours on this board")
      .option("--first-wave <n>", "devices in the first wave (default 1)", integer(1, 10_000))
      .option("--growth <x>", "factor each wave grows by, 1..10 (default 2)", growth)
      .option(
        "--failure-threshold <percent>",
        "pause above this share of failed installs (default 10)",
        integer(0, 100),
      )
      .option("--max-in-flight <n>", "installs in flight at once at most (default 50)", integer(1, 1000))
      .option("--no-follow", "print the rollout and return at once")
      .option("--timeout <seconds>", "how long to follow, 1..3600", seconds, 3600),
    async (
      ctx,
      itemId: string,
      options: {
        version: string;
        devices?: string;
        board?: string;
        firstWave?: number;
        growth?: number;
        failureThreshold?: number;
        maxInFlight?: number;
        follow: boolean;
        timeout: number;
      },
    ) => {
      const body: RolloutBody = {
        marketplaceItemId: itemId,
        version: options.version,
        ...(options.devices
          ? {
              deviceIds: options.devices
                .split(",")
                .map((d) => d.trim())
                .filter(Boolean),
            }
          : {}),
        ...(options.board ? { boardId: options.board } : {}),
        ...(options.firstWave !== undefined ? { firstWave: options.firstWave } : {}),
        ...(options.growth !== undefined ? { growth: options.growth } : {}),
        ...(options.failureThreshold !== undefined
          ? { failureThresholdPercent: options.failureThreshold }
          : {}),
        ...(options.maxInFlight !== undefined ? { maxInFlight: options.maxInFlight } : {}),
      };
      const created = await ctx.call(ctx.client.POST("/marketplace/providers/rollouts", { body }));
      if (!options.follow) {
        ctx.print(
          created,
          () => `rollout ${created.rolloutId} ${created.status}: ${created.counts.total} devices`,
        );
        return;
      }
      ctx.note(
        `rollout ${created.rolloutId}: ${created.counts.total - created.counts.skipped} of ${created.counts.total} devices eligible, ${created.waveCount} waves`,
      );
      return follow(ctx, created, options.timeout);
    },
  );
  run(
    rollout
      .command("follow <rolloutId>")
      .description("follow a rollout's progress live until it completes or pauses")
      .option("--timeout <seconds>", "how long to follow, 1..3600", seconds, 3600),
    async (ctx, rolloutId: string, options: { timeout: number }) =>
      follow(ctx, await getRollout(ctx, rolloutId), options.timeout),
  );
  run(
    rollout.command("resume <rolloutId>").description("run a paused rollout again"),
    async (ctx, rolloutId: string) => {
      const answer = await ctx.call(
        ctx.client.POST("/marketplace/providers/rollouts/{rolloutId}/resume", {
          params: { path: { rolloutId } },
        }),
      );
      ctx.print(answer, () => `rollout ${answer.rolloutId} ${answer.status}`);
    },
  );
  run(
    rollout
      .command("cancel <rolloutId>")
      .description("cancel a rollout: queued devices never start, installs in flight finish"),
    async (ctx, rolloutId: string) => {
      const answer = await ctx.call(
        ctx.client.POST("/marketplace/providers/rollouts/{rolloutId}/cancel", {
          params: { path: { rolloutId } },
        }),
      );
      ctx.print(answer, () => `rollout ${answer.rolloutId} ${answer.status}`);
    },
  );
  run(
    pageStatusOptions(rollout.command("list").description("your rollouts, newest first"), ROLLOUT_STATUSES),
    async (ctx, options: PageStatusOptions<(typeof ROLLOUT_STATUSES)[number]>) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/providers/rollouts", { params: { query: pageStatusQuery(options) } }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map(
            (r) =>
              `${r.rolloutId}  ${r.status}  item ${r.marketplaceItemId} ${r.version}  wave ${r.currentWave}/${r.waveCount}  ${r.counts.succeeded} succeeded, ${r.counts.failed} failed of ${r.counts.total - r.counts.skipped}  ${r.createdAt}`,
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );
  run(
    pageStatusOptions(
      rollout
        .command("devices <rolloutId>")
        .description("a rollout's devices in rollout order, with their status"),
      DEVICE_STATUSES,
    ),
    async (ctx, rolloutId: string, options: PageStatusOptions<(typeof DEVICE_STATUSES)[number]>) => {
      const page = await ctx.call(
        ctx.client.GET("/marketplace/providers/rollouts/{rolloutId}/devices", {
          params: { path: { rolloutId }, query: pageStatusQuery(options) },
        }),
      );
      ctx.print(page, () =>
        [
          ...page.items.map((d) =>
            [
              d.deviceId,
              d.status,
              d.wave === null ? "" : `wave ${d.wave}`,
              d.skipReason ?? d.failureCode ?? "",
              d.detail ?? "",
            ]
              .filter(Boolean)
              .join("  "),
          ),
          pageLine(page),
        ].join("\n"),
      );
    },
  );
}
