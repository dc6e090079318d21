import { describe, expect, it } from "vitest";
import { ValidationError } from "./app-error";
import {
  assertNoControlCharacters,
  CONTROL_CHARACTER_FREE,
  controlCharacterIndex,
  fieldsWithControlCharacters,
  hasControlCharacter,
} from "./control-characters";

const C0 = Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code));
const ALLOWED_IN_TEXT = new Set(["\t", "\n", "\r"]);

describe("control characters", () => {
  it("refuses every C0 character and DEL in single-line text", () => {
    for (const c of [...C0, "\u007f"]) {
      expect(hasControlCharacter(`a${c}b`, "single-line"), JSON.stringify(c)).toBe(true);
      expect(CONTROL_CHARACTER_FREE["single-line"].test(`a${c}b`), JSON.stringify(c)).toBe(false);
    }
  });

  it("allows only tab, LF and CR in multi-line text, and never NUL or DEL", () => {
    for (const c of [...C0, "\u007f"]) {
      const allowed = ALLOWED_IN_TEXT.has(c);
      expect(hasControlCharacter(`a${c}b`, "multi-line"), JSON.stringify(c)).toBe(!allowed);
      expect(CONTROL_CHARACTER_FREE["multi-line"].test(`a${c}b`), JSON.stringify(c)).toBe(allowed);
    }
  });

  it("accepts printable text in any script, and C1 or format characters", () => {
    for (const text of ["Café ☕ 東京 👍🏽", "", " spaced ", "\u0085\u00a0\u200b", "\u{1F600}"]) {
      expect(hasControlCharacter(text, "single-line")).toBe(false);
      expect(CONTROL_CHARACTER_FREE["single-line"].test(text)).toBe(true);
    }
  });

  it("reports where the first refused character is", () => {
    expect(controlCharacterIndex("ab\u0000c")).toBe(2);
    expect(controlCharacterIndex("line\nnext", "multi-line")).toBe(-1);
    expect(controlCharacterIndex("line\nnext\u0007", "multi-line")).toBe(9);
  });

  it("names every offending field of a nested message, skipping binary buffers", () => {
    const message = {
      name: "ok",
      metadata: { displayName: "bad\u0000", description: "two\nlines" },
      assetIds: ["fine", "bell\u0007"],
      payload: Buffer.from([0, 1, 2]),
      count: 3,
      nothing: null,
    };
    expect(fieldsWithControlCharacters(message).sort()).toEqual(["assetIds.1", "metadata.displayName"]);
    expect(fieldsWithControlCharacters(message, { kind: "single-line" }).sort()).toEqual([
      "assetIds.1",
      "metadata.description",
      "metadata.displayName",
    ]);
    const perField = fieldsWithControlCharacters(message, {
      prefix: "body",
      kind: (path) => (path === "metadata.description" ? "multi-line" : "single-line"),
    });
    expect(perField.sort()).toEqual(["body.assetIds.1", "body.metadata.displayName"]);
  });

  it("throws validation-failed naming the fields, and nothing for a clean message", () => {
    expect(() => assertNoControlCharacters({ a: "x", b: ["y"] })).not.toThrow();
    let thrown: unknown;
    try {
      assertNoControlCharacters({ id: "1\u0000", note: "fine\ttab" }, { prefix: "request" });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ValidationError);
    expect((thrown as ValidationError).code).toBe("validation-failed");
    expect(Object.keys((thrown as ValidationError).errors)).toEqual(["request.id"]);
  });

  it("reports a member name holding a control character, and nesting past the depth limit", () => {
    expect(fieldsWithControlCharacters({ "k\u0000": "v" })).toEqual(['"k\\u0000"']);
    let deep: unknown = "x";
    for (let i = 0; i < 40; i++) deep = { d: deep };
    expect(fieldsWithControlCharacters(deep, { maxDepth: 8 })).toHaveLength(1);
  });
});
