import { describe, expect, it } from "vitest";
import { sourceMapsSetting } from "./source-maps";

describe("SOURCE_MAPS", () => {
  it("is off unless asked for", () => {
    expect(sourceMapsSetting({})).toBe("off");
    expect(sourceMapsSetting({ SOURCE_MAPS: "" })).toBe("off");
    expect(sourceMapsSetting({ SOURCE_MAPS: "off" })).toBe("off");
  });

  it("is on when set to on, in any case", () => {
    expect(sourceMapsSetting({ SOURCE_MAPS: "on" })).toBe("on");
    expect(sourceMapsSetting({ SOURCE_MAPS: " ON " })).toBe("on");
  });

  it("refuses any other value, naming the key", () => {
    expect(() => sourceMapsSetting({ SOURCE_MAPS: "true" })).toThrow(/SOURCE_MAPS/);
  });
});
