import { describe, expect, it } from "vitest";
import { assertChangeable, ITEM_STATUSES, type ItemStatus, type Transition, transition } from "./item";

const MOVES: Transition[] = ["publish", "unpublish", "retire"];

/** The whole table of the contract: every status against every move. */
const EXPECTED: Record<ItemStatus, Record<Transition, ItemStatus | "unchanged" | "invalid">> = {
  draft: { publish: "published", unpublish: "invalid", retire: "retired" },
  published: { publish: "unchanged", unpublish: "unpublished", retire: "retired" },
  unpublished: { publish: "published", unpublish: "invalid", retire: "retired" },
  retired: { publish: "invalid", unpublish: "invalid", retire: "unchanged" },
};

describe("item state machine", () => {
  for (const status of ITEM_STATUSES) {
    for (const move of MOVES) {
      const expected = EXPECTED[status][move];
      it(`${status} --${move}--> ${expected}`, () => {
        if (expected === "invalid") {
          expect(() => transition(status, move)).toThrowError(
            expect.objectContaining({ code: "invalid-state", extensions: { state: status } }),
          );
        } else if (expected === "unchanged") {
          expect(transition(status, move)).toEqual({ kind: "unchanged" });
        } else {
          expect(transition(status, move)).toEqual({ kind: "changed", status: expected });
        }
      });
    }
  }

  it("refuses every other change once retired, and allows it before", () => {
    expect(() => assertChangeable("retired")).toThrowError(
      expect.objectContaining({ code: "invalid-state" }),
    );
    for (const status of ["draft", "published", "unpublished"] as const)
      expect(() => assertChangeable(status)).not.toThrow();
  });
});
