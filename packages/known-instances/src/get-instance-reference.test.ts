import { describe, expect, it } from "vitest";
import { makeGetInstanceReference } from "./get-instance-reference";
import type { KnownInstance } from "./known-instance";

const ID = "0193a5d0-0000-7000-8000-00000000000a";
const instance: KnownInstance = {
  id: ID,
  ownerOrganisationId: "0193a5d0-ad00-7000-8000-000000000003",
  defaultCurrency: "EUR",
  platformFeeBps: 1000,
  createdAt: new Date(0),
  learnedAt: new Date(0),
};

describe("getInstanceReference", () => {
  const asked: string[] = [];
  const get = makeGetInstanceReference({
    instances: {
      get: async (id) => {
        asked.push(id);
        return id === ID ? instance : undefined;
      },
    },
  });

  it("finds a known instance by its id in any case", async () => {
    await expect(get(ID.toUpperCase())).resolves.toEqual(instance);
    expect(asked.at(-1)).toBe(ID);
  });

  it("answers not-found for an unknown id and for what is not an id, without a lookup", async () => {
    await expect(get("0193a5d0-0000-7000-8000-00000000000b")).rejects.toMatchObject({ code: "not-found" });
    const lookups = asked.length;
    await expect(get("not-an-id")).rejects.toMatchObject({ code: "not-found" });
    await expect(get(`${ID}\n`)).rejects.toMatchObject({ code: "not-found" });
    expect(asked).toHaveLength(lookups);
  });
});
