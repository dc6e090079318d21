import { SingleBar } from "cli-progress";
import { type Command, InvalidArgumentError } from "commander";
import type { Context } from "../context";
import { EXIT, type ExitCode, UnavailableError } from "../exit-codes";
import { integer, seconds } from "../options";
import { type Rollout, rolloutApi } from "../rollout-api";
import { RolloutProgress, serverSentEvents } from "../rollout-progress";
import type { Run } from "./run";

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
  const api = rolloutApi(ctx.client);
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
      const { data } = await ctx.send(api.events(id, progress.lastEventId || undefined, signal));
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
  const final = await ctx.call(api.get(id));
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
      const created = await ctx.call(
        rolloutApi(ctx.client).create({
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
        }),
      );
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
      follow(ctx, await ctx.call(rolloutApi(ctx.client).get(rolloutId)), options.timeout),
  );
  for (const action of ["resume", "cancel"] as const) {
    run(
      rollout.command(`${action} <rolloutId>`).description(`${action} a rollout`),
      async (ctx, rolloutId: string) => {
        const answer = await ctx.call(rolloutApi(ctx.client).act(rolloutId, action));
        ctx.print(answer, () => `rollout ${answer.rolloutId} ${answer.status}`);
      },
    );
  }
}
