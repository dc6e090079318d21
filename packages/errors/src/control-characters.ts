import { ValidationError } from "./app-error";

/**
 * What a string field may hold, as far as control characters go. `single-line` (names, ids, URLs, file
 * names, search terms) refuses every C0 control character (U+0000..U+001F) and DEL (U+007F);
 * `multi-line` (descriptions) additionally allows TAB, LF and CR, which multi-line text legitimately
 * contains. NUL and the other C0 characters are refused everywhere: they truncate strings in C
 * libraries, corrupt logs and CSV exports, and no user types them.
 */
export type TextKind = "single-line" | "multi-line";

/**
 * The same rule as a regular expression, for schema libraries (zod `.regex`) and the OpenAPI document's
 * `pattern`, so the document shows exactly what the API enforces.
 */
export const CONTROL_CHARACTER_FREE: Readonly<Record<TextKind, RegExp>> = {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  "single-line": /^[^\u0000-\u001f\u007f]*$/,
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  "multi-line": /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/,
};

/** The message a refused field carries, in the `errors` map of a validation problem. */
export const CONTROL_CHARACTER_MESSAGES: Readonly<Record<TextKind, string>> = {
  "single-line":
    "Must not contain control characters (U+0000 to U+001F, U+007F), including tab and newlines.",
  "multi-line": "Must not contain control characters (U+0000 to U+001F, U+007F) other than tab, LF and CR.",
};

const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

function refused(code: number, kind: TextKind): boolean {
  if (code === 0x7f) return true;
  if (code > 0x1f) return false;
  return kind === "single-line" || (code !== TAB && code !== LF && code !== CR);
}

/** Index of the first control character `kind` refuses, or -1 when the string is clean. */
export function controlCharacterIndex(value: string, kind: TextKind = "single-line"): number {
  for (let i = 0; i < value.length; i++) {
    if (refused(value.charCodeAt(i), kind)) return i;
  }
  return -1;
}

/** True when `value` holds a control character `kind` refuses. */
export function hasControlCharacter(value: string, kind: TextKind = "single-line"): boolean {
  return controlCharacterIndex(value, kind) !== -1;
}

export interface ControlCharacterScan {
  /** Prepended to every reported path (`body`, `request`); none by default. */
  prefix?: string;
  /**
   * Which rule applies to the string at `path` (dot-separated, array indexes as numbers). Default
   * `multi-line` for every field: a generic caller (a gRPC handler) cannot tell a description from a name,
   * so it refuses what no field may hold and leaves the stricter per-field rule to the schema that knows.
   */
  kind?: TextKind | ((path: string) => TextKind);
  /** Nesting deeper than this is reported as a field error rather than walked (default 32). */
  maxDepth?: number;
}

interface Finding {
  path: string;
  message: string;
}

const joinPath = (path: string, key: string) => (path === "" ? key : `${path}.${key}`);

/**
 * One scan's state. The walk is a method rather than closures made per scan: every gRPC call is scanned,
 * and the closures (named ones each carrying a `name` property set at creation) cost more than the walk.
 */
class Scan {
  readonly found: Finding[] = [];
  private readonly maxDepth: number;

  constructor(private readonly options: ControlCharacterScan) {
    this.maxDepth = options.maxDepth ?? 32;
  }

  private kindAt(path: string): TextKind {
    const kind = this.options.kind;
    return typeof kind === "function" ? kind(path) : (kind ?? "multi-line");
  }

  visit(node: unknown, path: string, depth: number): void {
    if (typeof node === "string") {
      const kind = this.kindAt(path);
      if (hasControlCharacter(node, kind))
        this.found.push({ path, message: CONTROL_CHARACTER_MESSAGES[kind] });
      return;
    }
    if (node === null || typeof node !== "object" || ArrayBuffer.isView(node)) return;
    if (depth >= this.maxDepth) {
      this.found.push({ path, message: "Nested too deeply." });
      return;
    }
    if (Array.isArray(node)) {
      for (const [index, child] of node.entries())
        this.visit(child, joinPath(path, String(index)), depth + 1);
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (hasControlCharacter(key, "single-line")) {
        this.found.push({
          path: joinPath(path, JSON.stringify(key)),
          message: "A member name holds a control character.",
        });
      } else {
        this.visit(child, joinPath(path, key), depth + 1);
      }
    }
  }
}

function scan(value: unknown, options: ControlCharacterScan): Finding[] {
  const walk = new Scan(options);
  walk.visit(value, "", 0);
  const found = walk.found;
  const prefix = options.prefix;
  if (!prefix) return found;
  return found.map((f) => ({ ...f, path: f.path === "" ? prefix : `${prefix}.${f.path}` }));
}

/**
 * Field paths of every string in a decoded message (plain objects and arrays; binary buffers are skipped)
 * that holds a refused control character, so an error can name each one: `metadata.displayName`,
 * `assetIds.2`.
 */
export function fieldsWithControlCharacters(value: unknown, options: ControlCharacterScan = {}): string[] {
  return scan(value, options).map((finding) => finding.path);
}

/**
 * Throw a `validation-failed` error naming every field of `value` that holds a refused control character;
 * return quietly when there is none. The one check the gateway's string schema and the services' gRPC
 * handlers share.
 */
export function assertNoControlCharacters(value: unknown, options: ControlCharacterScan = {}): void {
  const found = scan(value, options);
  if (found.length === 0) return;
  const errors: Record<string, string[]> = {};
  for (const { path, message } of found) {
    const key = path || "request";
    errors[key] = [...(errors[key] ?? []), message];
  }
  throw new ValidationError(errors, "One or more fields contain control characters.");
}
