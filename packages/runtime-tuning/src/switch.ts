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
export const TUNINGS = ["http2-release", "call-tables", "pretenuring", "heap-trim"] as const;
export type Tuning = (typeof TUNINGS)[number];

/**
 * What the preload leaves out when `RUNTIME_TUNING_SKIP` is unset or empty: nothing. The heap trim is in
 * the default again since it trims only after the start and after a minute at rest: scenario A costs the
 * same with it, and without it the processes rest above the 90 MiB goal (ADR 0005).
 */
export const SKIPPED_BY_DEFAULT: readonly Tuning[] = [];

/**
 * The tunings `RUNTIME_TUNING_SKIP` leaves out: a comma-separated list of names from `TUNINGS`, `none` for
 * every tuning installed, `SKIPPED_BY_DEFAULT` when unset or empty. An unknown name is refused with the key
 * and the known names, so a typo never goes unnoticed.
 */
export function runtimeTuningSkips(env: Record<string, string | undefined>): ReadonlySet<Tuning> {
  const value = env.RUNTIME_TUNING_SKIP?.trim().toLowerCase() ?? "";
  if (value === "") return new Set(SKIPPED_BY_DEFAULT);
  if (value === "none") return new Set();
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
