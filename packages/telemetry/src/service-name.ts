/** `…/services/iot-adapter/src/main.ts` -> `iot-adapter`, `…/gateway/src/main.ts` -> `gateway`. */
export function serviceNameOf(entry: string): string {
  const path = entry.replace(/\\/g, "/");
  const service = /\/services\/([^/]+)\//.exec(path)?.[1];
  if (service) return service;
  if (/(^|\/)gateway\/src\//.test(path)) return "gateway";
  return (
    path
      .split("/")
      .pop()
      ?.replace(/\.[cm]?[jt]s$/, "") || "unknown"
  );
}
