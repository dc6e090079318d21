import { SERVICE_NAMES } from "@mp/config";

/** Every image the Dockerfile builds: the eight services, the gateway and the Infuse-IoT simulator. */
export const IMAGE_TARGETS: readonly string[] = [...SERVICE_NAMES, "gateway", "simulator"];

/** The tag docker-compose.yml gives a target's image. */
export function imageTag(target: string): string {
  return target === "simulator" ? "marketplace/infuse-simulator:dev" : `marketplace/${target}:dev`;
}

/** `72.36MiB / 23.5GiB` (docker stats) -> 72.36 (MiB). */
export function parseMemUsage(text: string): number {
  const match = /^\s*([\d.]+)\s*([KMG]i?B|B)\b/.exec(text);
  if (!match) throw new Error(`unexpected memory figure ${JSON.stringify(text)}`);
  const value = Number(match[1]);
  const unit = match[2] ?? "B";
  const factor: Record<string, number> = {
    B: 1 / 2 ** 20,
    KiB: 1 / 1024,
    KB: 1 / 1024,
    MiB: 1,
    MB: 1,
    GiB: 1024,
    GB: 1024,
  };
  return value * (factor[unit] ?? 1);
}

/** The median of a non-empty list. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
