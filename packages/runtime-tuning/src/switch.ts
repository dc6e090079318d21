/** `RUNTIME_TUNING`: `on` (the default, also when empty) or `off`. */
export type RuntimeTuningSwitch = "on" | "off";

/** The switch's value in `env`; anything but on, off or empty is refused, so a typo never goes unnoticed. */
export function runtimeTuningSwitch(env: Record<string, string | undefined>): RuntimeTuningSwitch {
  const value = env.RUNTIME_TUNING?.trim().toLowerCase() ?? "";
  if (value === "" || value === "on") return "on";
  if (value === "off") return "off";
  throw new Error(`RUNTIME_TUNING must be "on" or "off", not "${env.RUNTIME_TUNING}"`);
}
