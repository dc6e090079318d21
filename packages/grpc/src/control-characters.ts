import { ValidationError } from "@mp/errors";

/**
 * C0 control characters no field may hold: all of U+0000..U+001F except TAB, LF and CR (which multi-line
 * text such as a description legitimately holds), and DEL. A gRPC handler cannot tell a name from a
 * description, so it refuses what no field may hold; stricter per-field rules stay with the gateway schema.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
const REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

/** Dotted paths (`metadata.displayName`, `assetIds.2`) of every string in a decoded message that holds one. */
export function controlCharacterFields(value: unknown, path = "", depth = 0): string[] {
  if (typeof value === "string") return REFUSED.test(value) ? [path || "request"] : [];
  if (value === null || typeof value !== "object" || ArrayBuffer.isView(value)) return [];
  if (depth > 32) return [path || "request"];
  const join = (key: string) => (path ? `${path}.${key}` : key);
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => controlCharacterFields(child, join(key), depth + 1));
}

/** Refuse a request with `validation-failed` naming every field that holds a control character. */
export function assertNoControlCharacters(request: unknown): void {
  const fields = controlCharacterFields(request);
  if (fields.length === 0) return;
  throw new ValidationError(
    Object.fromEntries(fields.map((f) => [f, ["must not contain control characters"]])),
    "One or more fields contain control characters.",
  );
}
