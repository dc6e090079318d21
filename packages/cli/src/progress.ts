import { SingleBar } from "cli-progress";

/** Bytes as people read them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export interface Progress {
  /** `done` bytes out of `total` (0 when unknown). */
  update(done: number, total?: number): void;
  stop(): void;
}

/**
 * A cli-progress bar of bytes on `stream` (stderr), drawn only on a terminal: in CI logs it stays quiet
 * and the command prints its one summary line instead.
 */
export function byteProgress(label: string, stream: NodeJS.WritableStream | undefined): Progress {
  if (!stream || !(stream as { isTTY?: boolean }).isTTY) return { update: () => {}, stop: () => {} };
  const bar = new SingleBar({
    stream,
    format: `${label} [{bar}] {percentage}% {done}/{size}`,
    hideCursor: true,
    clearOnComplete: false,
  });
  let started = false;
  return {
    update(done, total = 0) {
      const size = total > 0 ? formatBytes(total) : "?";
      if (!started) {
        bar.start(Math.max(total, 1), 0, { done: formatBytes(0), size });
        started = true;
      }
      if (total > 0) bar.setTotal(total);
      else bar.setTotal(Math.max(done, 1));
      bar.update(done, { done: formatBytes(done), size });
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
