import { CONTROL_CHARACTER_FREE } from "@mp/errors";
import { describe, expect, it } from "vitest";
import { operations } from "./openapi/document";
import { example } from "./openapi/examples";
import {
  exampleParts,
  type Field,
  fieldsOf,
  type RequestParts,
  toWire,
  withMember,
} from "./openapi/requests";
import { securityStack } from "./support/context";
import { mapLimit, send } from "./support/http";
import { problemViolations } from "./support/problem";

/**
 * NUL and every other C0 control character (and DEL), in every parameter and every string member of every
 * request body the OpenAPI document describes, answer 400 `validation-failed` naming that field. Generated
 * from the document: a new operation or member is swept without anyone writing a line here. Multi-line
 * text (its pattern is the multi-line rule) keeps tab, LF and CR. Headers get only a tab: HTTP allows no
 * other control character in a header value, and no client (fetch included) will send one.
 *
 * An operation that documents no 400 (the statement exports, as the specification lists them) must still
 * refuse: an id with a control character names nothing, so it is that operation's 404 (501 while the
 * operation is not built).
 */
const stack = securityStack();
const token = stack.tokens.b;
const CONTROL = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f].map((c) => String.fromCharCode(c));
const MULTI_LINE = CONTROL_CHARACTER_FREE["multi-line"].source;

function charactersFor(field: Field): string[] {
  if (field.in === "header") return ["\t"];
  return CONTROL.filter((c) => {
    const multiLine = field.schema.patterns?.includes(MULTI_LINE) ?? false;
    return !(multiLine && (c === "\t" || c === "\n" || c === "\r"));
  });
}

/** The example request with `character` inside the field's example value. */
function poisoned(base: RequestParts, field: Field, character: string): RequestParts {
  const plain = String(example(field.schema, field.segments.at(-1)));
  const value = `${plain.slice(0, 1)}${character}${plain.slice(1)}`;
  const parts = structuredClone(base);
  if (field.in === "body") parts.body = withMember(parts.body, field.segments, value);
  else if (field.in === "header") parts.headers[field.segments[0]!] = value;
  else parts[field.in][field.segments[0]!] = value;
  return parts;
}

const show = (c: string) => `U+${c.charCodeAt(0).toString(16).padStart(4, "0")}`;

describe("control characters in every field of every operation", () => {
  for (const operation of operations()) {
    const fields = fieldsOf(operation);
    it(`${operation.operationId}: ${fields.map((f) => f.name).join(", ") || "(no fields)"}`, async () => {
      const base = exampleParts(operation, { allQuery: true });
      const control = await send(stack.gatewayUrl, toWire(operation, base, token));
      // The example itself must pass validation, or every 400 below would prove nothing. (A payment
      // notification's example passes it and is then refused for its signature, a 400 of another code.)
      const controlCode = (control.json as { code?: string } | undefined)?.code;
      expect(
        control.status === 400 && controlCode === "validation-failed",
        `the example request answered ${control.text}`,
      ).toBe(false);

      const refusal = operation.statuses.has(400)
        ? { status: 400, code: "validation-failed" }
        : operation.pending
          ? { status: 501, code: "not-implemented" }
          : { status: 404, code: "not-found" };
      const cases = fields.flatMap((field) => charactersFor(field).map((c) => ({ field, c })));
      const faults = await mapLimit(cases, 8, async ({ field, c }) => {
        const response = await send(stack.gatewayUrl, toWire(operation, poisoned(base, field, c), token));
        const problem = response.json as { code?: string; errors?: Record<string, unknown> } | undefined;
        const wrong = [
          ...(response.status === refusal.status ? [] : [`status ${response.status}`]),
          ...problemViolations(response),
          ...(problem?.code === refusal.code ? [] : [`code ${problem?.code}`]),
          ...(refusal.status !== 400 || problem?.errors?.[field.name]
            ? []
            : [`errors name ${Object.keys(problem?.errors ?? {})}`]),
        ];
        return wrong.length > 0 ? `${field.name} ${show(c)}: ${wrong.join("; ")}` : undefined;
      });
      expect(faults.filter(Boolean)).toEqual([]);
    });
  }
});
