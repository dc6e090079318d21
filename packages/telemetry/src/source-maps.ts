/**
 * Whether stack traces are mapped back to the TypeScript sources (`SOURCE_MAPS`: `off`, the default, or
 * `on`). tsx turns Node's source-map support on for every module it compiles; Node then keeps each
 * module's map and, once a stack trace passes through a file, that map parsed, for the life of the
 * process: about 40 MB of heap in a service. Off, stack traces still name the file and the function, with
 * the line and column of tsx's compiled code; turn it on to debug with exact TypeScript positions.
 */
export type SourceMapsSetting = "on" | "off";

export function sourceMapsSetting(env: Record<string, string | undefined>): SourceMapsSetting {
  const value = env.SOURCE_MAPS?.trim().toLowerCase() || "off";
  if (value === "on" || value === "off") return value;
  throw new Error(`SOURCE_MAPS must be "on" or "off", got ${JSON.stringify(env.SOURCE_MAPS)}`);
}

/** Apply `SOURCE_MAPS` to this process (run from the preload, after tsx has registered). */
export function applySourceMapsSetting(env: Record<string, string | undefined>): SourceMapsSetting {
  const setting = sourceMapsSetting(env);
  process.setSourceMapsEnabled(setting === "on");
  return setting;
}
