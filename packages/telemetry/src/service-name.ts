/**
 * `…/services/iot-adapter/src/main.ts` -> `iot-adapter`, `…/gateway/src/main.ts` -> `gateway`; the same for
 * the compiled bundles (`…/services/<name>/dist/main.mjs`, `…/gateway/dist/main.mjs`).
 */
export function serviceNameOf(entry: string): string {
  const path = entry.replace(/\\/g, "/");
  const service = /\/services\/([^/]+)\//.exec(path)?.[1];
  if (service) return service;
  if (/(^|\/)gateway\/(src|dist)\//.test(path)) return "gateway";
  return (
    path
      .split("/")
      .pop()
      ?.replace(/\.[cm]?[jt]s$/, "") || "unknown"
  );
}
