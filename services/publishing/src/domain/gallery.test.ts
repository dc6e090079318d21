import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addImage, GALLERY_MAX, removeImage, reorderGallery } from "./gallery";

const ids = (n: number) => Array.from({ length: n }, (_, i) => `a${i}`);

describe("gallery", () => {
  it("appends at the end, up to 8 images, then gallery-full", () => {
    let gallery: string[] = [];
    for (const id of ids(GALLERY_MAX)) gallery = addImage(gallery, id, "draft");
    expect(gallery).toEqual(ids(8));
    expect(() => addImage(gallery, "a9", "draft")).toThrowError(
      expect.objectContaining({ code: "gallery-full" }),
    );
  });

  it("refuses the same asset twice with invalid-state", () => {
    expect(() => addImage(["a0"], "a0", "published")).toThrowError(
      expect.objectContaining({ code: "invalid-state", extensions: { state: "published" } }),
    );
  });

  it("reorders only with an exact permutation", () => {
    expect(reorderGallery(["a", "b", "c"], ["c", "a", "b"])).toEqual(["c", "a", "b"]);
    for (const bad of [
      ["a", "b"],
      ["a", "b", "b"],
      ["a", "b", "d"],
      ["a", "b", "c", "d"],
    ]) {
      expect(() => reorderGallery(["a", "b", "c"], bad)).toThrowError(
        expect.objectContaining({
          code: "validation-failed",
          errors: expect.objectContaining({ "body.assetIds": expect.any(Array) }),
        }),
      );
    }
  });

  it("accepts every permutation and keeps the same set", () => {
    fc.assert(
      fc.property(fc.shuffledSubarray(ids(8), { minLength: 0, maxLength: 8 }), (subset) => {
        const shuffled = [...subset].reverse();
        expect(new Set(reorderGallery(subset, shuffled))).toEqual(new Set(subset));
      }),
    );
  });

  it("removing keeps the others in order (positions renumber as indexes); unknown asset is undefined", () => {
    expect(removeImage(["a", "b", "c"], "b")).toEqual(["a", "c"]);
    expect(removeImage(["a"], "z")).toBeUndefined();
  });
});
