import { describe, expect, it } from "vitest";
import { assertNamespace, namespacedStreamName, namespacedSubject, subjectMatches } from "./namespace";

describe("namespacing", () => {
  it("prefixes subjects and derives stream names without dots", () => {
    expect(namespacedSubject("t1a2b3c.", "orders.order.placed.v1")).toBe("t1a2b3c.orders.order.placed.v1");
    expect(namespacedSubject("", "orders.order.placed.v1")).toBe("orders.order.placed.v1");
    expect(namespacedStreamName("t1a2b3c.", "ORDERS")).toBe("T1A2B3C_ORDERS");
    expect(namespacedStreamName("", "ORDERS")).toBe("ORDERS");
    expect(namespacedStreamName("a.b.", "X")).toBe("A_B_X");
  });

  it("refuses namespaces and stream names NATS would reject", () => {
    for (const bad of ["t1", ".t1.", "t 1.", "t*.", "t>."]) expect(() => assertNamespace(bad)).toThrow();
    for (const good of ["", "t1a2b3c.", "a.b-c_d."]) expect(assertNamespace(good)).toBe(good);
    for (const bad of ["", "A.B", "A*", "A B", "A/B"]) expect(() => namespacedStreamName("", bad)).toThrow();
  });
});

describe("subjectMatches", () => {
  it.each([
    ["a.b.c", "a.b.c", true],
    ["a.b.c", "a.b", false],
    ["a.b", "a.b.c", false],
    ["a.*.c", "a.x.c", true],
    ["a.*.c", "a.x.y.c", false],
    ["a.>", "a.b", true],
    ["a.>", "a.b.c.d", true],
    ["a.>", "a", false],
    ["ns.a.b", "ns.a.c", false],
  ])("%s vs %s -> %s", (pattern, subject, expected) => {
    expect(subjectMatches(pattern, subject)).toBe(expected);
  });
});
