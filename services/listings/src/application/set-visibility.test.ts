import { describe, expect, it } from "vitest";
import { ctxOf, EARLIER, fakeStore, listingOf, NOW, OTHER_ORG, principal } from "../testing/fakes";
import { makeSetVisibility } from "./set-visibility";

const provider = principal(["provider"]);
const listing = listingOf({ version: 2 });

function world(seed = [listing]) {
  const store = fakeStore({ listings: seed });
  return { ...store, set: makeSetVisibility(store.deps) };
}

describe("setVisibility", () => {
  it("appends the state with who and when, bumps the version and announces it", async () => {
    const w = world();
    const upper = principal(["provider"], provider.organisationId.toUpperCase());
    await w.set({ listingId: listing.id.toUpperCase(), visibility: "private" }, ctxOf(upper));
    expect(w.rows().listings).toEqual([{ ...listing, visibility: "private", version: 3 }]);
    expect(w.rows().visibility).toEqual([
      { listingId: listing.id, visibility: "private", setAt: NOW, setBy: upper.subject },
    ]);
    expect(w.events).toHaveLength(1);
    expect(w.events[0]).toMatchObject({
      type: "listings.listing.visibility-set.v1",
      source: "listings",
      occurredAt: NOW.toISOString(),
      data: {
        id: listing.id,
        visibility: "private",
        disabled: false,
        version: 3,
        occurredAt: NOW.toISOString(),
      },
    });
  });

  it("an unchanged visibility is still a new state and a new version", async () => {
    const w = world();
    await w.set({ listingId: listing.id, visibility: "public" }, ctxOf(provider));
    await w.set({ listingId: listing.id, visibility: "public" }, ctxOf(provider));
    expect(w.rows().listings[0]?.version).toBe(4);
    expect(w.rows().visibility.map((v) => v.visibility)).toEqual(["public", "public"]);
    expect(w.events.map((e) => (e.data as { version: number }).version)).toEqual([3, 4]);
  });

  it("refuses a superseded listing as invalid-state, appending and announcing nothing", async () => {
    const w = world([listingOf({ disabled: true, supersededAt: EARLIER, version: 2 })]);
    await expect(
      w.set({ listingId: listing.id, visibility: "private" }, ctxOf(provider)),
    ).rejects.toMatchObject({
      code: "invalid-state",
      extensions: { state: "superseded" },
    });
    expect(w.rows().visibility).toEqual([]);
    expect(w.events).toEqual([]);
  });

  it("answers not-found for another organisation's listing", async () => {
    const w = world();
    await expect(
      w.set({ listingId: listing.id, visibility: "private" }, ctxOf(principal(["provider"], OTHER_ORG))),
    ).rejects.toMatchObject({ code: "not-found", message: "Listing was not found." });
    expect(w.rows().listings).toEqual([listing]);
  });

  it("names every invalid field, and needs the provider role", async () => {
    const w = world();
    await expect(w.set({ listingId: "x", visibility: "hidden" }, ctxOf(provider))).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "path.id": ["must be a guid"], "body.visibility": ["must be public or private"] },
    });
    await expect(w.set({ listingId: listing.id, visibility: "" }, ctxOf(provider))).rejects.toMatchObject({
      errors: { "body.visibility": expect.any(Array) },
    });
    const onlyId = await w
      .set({ listingId: "x", visibility: "public" }, ctxOf(provider))
      .catch((e: unknown) => e);
    expect(Object.keys((onlyId as { errors: object }).errors)).toEqual(["path.id"]);
    await expect(
      w.set({ listingId: listing.id, visibility: "public" }, ctxOf(principal(["admin"]))),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(w.events).toEqual([]);
  });
});
