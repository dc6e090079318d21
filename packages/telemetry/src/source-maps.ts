/**
 * Whether stack traces are mapped back to the TypeScript sources (`SOURCE_MAPS`: `off`, the default, or
 * `on`). Under tsx (the local launcher) every compiled module carries a map and tsx turns Node's
 * source-map support on; the compiled bundles (`pnpm build`, the images) have their maps in `*.mjs.map`
 * files beside them. With support on, Node keeps each module's map and, once a stack trace passes through
 * a file, that map parsed, for the life of the process: about 40 MB of heap in a service. Off, stack traces
 * still name the file and the function, with the line and column of the compiled code; turn it on to
 * debug with exact TypeScript positions.
 */
export type SourceMapsSetting = "on" | "off";

export function sourceMapsSetting(env: Record<string, string | undefined>): SourceMapsSetting {
  const value = env.SOURCE_MAPS?.trim().toLowerCase() || "off";
  if (value === "on" || value === "off") return value;
  throw new Error(`SOURCE_MAPS must be "on" or "off", got ${JSON.stringify(env.SOURCE_MAPS)}`);
}

/** Apply `SOURCE_MAPS` to this process (run from the preload, before the entry loads; after tsx under tsx). */
export function applySourceMapsSetting(env: Record<string, string | undefined>): SourceMapsSetting {
  const setting = sourceMapsSetting(env);
  process.setSourceMapsEnabled(setting === "on");
  return setting;
}
