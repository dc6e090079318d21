/** `RUNTIME_TUNING`: `on` (the default, also when empty) or `off`. */
export type RuntimeTuningSwitch = "on" | "off";

/** The switch's value in `env`; anything but on, off or empty is refused, so a typo never goes unnoticed. */
export function runtimeTuningSwitch(env: Record<string, string | undefined>): RuntimeTuningSwitch {
  const value = env.RUNTIME_TUNING?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return "on";
  if (value === "off") return "off";
  throw new Error(`RUNTIME_TUNING must be "on" or "off", not "${env.RUNTIME_TUNING}"`);
}

/**
 * The tunings the preload can install, each one switchable on its own (ADR 0005 says which are installed
 * by default and why).
 */
export const TUNINGS = [
  "http2-release",
  "call-tables",
  "pretenuring",
  "heap-trim",
  "single-threaded-gc",
] as const;
export type Tuning = (typeof TUNINGS)[number];

/**
 * The tunings `RUNTIME_TUNING_SKIP` leaves out: a comma-separated list of names from `TUNINGS`; none when
 * unset, empty or `none`, so every tuning is installed by default, the heap trim included (it trims only
 * after the start and after a minute at rest, ADR 0005). An unknown name is refused with the key and the
 * known names, so a typo never goes unnoticed.
 */
export function runtimeTuningSkips(env: Record<string, string | undefined>): ReadonlySet<Tuning> {
  const value = env.RUNTIME_TUNING_SKIP?.trim().toLowerCase() ?? "";
  if (value === "" || value === "none") return new Set();
  const names = value
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "");
  for (const name of names) {
    if (!(TUNINGS as readonly string[]).includes(name))
      throw new Error(
        `RUNTIME_TUNING_SKIP names "${name}", which is no tuning (known: ${TUNINGS.join(", ")}, or none)`,
      );
  }
  return new Set(names as Tuning[]);
}
