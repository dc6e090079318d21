import type { EventEnvelope } from "@mp/bus";
import type { Paged } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Instance } from "../domain/instance";
import { makeCreateInstance } from "./create-instance";
import type { InstanceRepository, UnitOfWork } from "./ports";

/**
 * Hand-written fakes: a repository whose insert statements carry the instance and its key, and a unit of
 * work that stores an instance (and commits its events) unless its organisation already holds the key,
 * as the statement's ON CONFLICT DO NOTHING does; nothing at all when the write fails.
 */
function fakes(options: { failInsert?: boolean } = {}) {
  const committed: { instances: Instance[]; keys: string[]; events: EventEnvelope[] } = {
    instances: [],
    keys: [],
    events: [],
  };
  const keyOf = (organisationId: string, creationKey: string) => `${organisationId}/${creationKey}`;
  const instances: InstanceRepository = {
    insertOnceStatement: (instance, creationKey) => ({
      text: "INSERT INTO instances ... ON CONFLICT DO NOTHING RETURNING 1",
      values: [instance, creationKey],
    }),
    findByCreationKey: async (organisationId, creationKey) =>
      committed.instances[committed.keys.indexOf(keyOf(organisationId, creationKey))],
    get: async () => undefined,
    list: async () => ({}) as Paged<Instance>,
  };
  const unitOfWork: UnitOfWork = {
    async commitIfWritten(write, events) {
      if (options.failInsert) throw new Error("disk full");
      const [instance, creationKey] = write.values as [Instance, string];
      const key = keyOf(instance.ownerOrganisationId, creationKey);
      if (committed.keys.includes(key)) return false;
      committed.instances.push(instance);
      committed.keys.push(key);
      committed.events.push(...(Array.isArray(events) ? events : [events as EventEnvelope]));
      return true;
    },
  };
  return { committed, instances, unitOfWork };
}

const ctx = (
  roles: CallContext["principal"] extends infer P ? (P extends { roles: infer R } ? R : never) : never,
  requestId = "r1",
  organisationId = "0193a1b2-0000-7000-8000-00000000000a",
): CallContext => ({
  principal: { subject: "u1", organisationId, roles, via: "jwt" },
  requestId,
  signal: new AbortController().signal,
  logger: testLogger(),
});

const now = new Date("2026-11-22T10:00:00.123Z");
const deps = (f: ReturnType<typeof fakes>) => {
  let n = 0;
  return {
    ...f,
    clock: { now: () => now },
    ids: { next: () => `0193a1b2-0000-7000-8000-0000000000${(0xf0 + n++).toString(16)}` },
  };
};

describe("createInstance", () => {
  it("stores the instance and emits catalogue.instance.created.v1 in the same unit of work", async () => {
    const f = fakes();
    const instance = await makeCreateInstance(deps(f))(
      { name: " EU ", defaultCurrency: "eur", platformFeeBps: 1500 },
      ctx(["admin"]),
    );
    expect(instance.name).toBe("EU");
    expect(f.committed.instances).toEqual([instance]);
    expect(f.committed.events).toHaveLength(1);
    expect(f.committed.events[0]).toMatchObject({
      type: "catalogue.instance.created.v1",
      source: "catalogue",
      occurredAt: now.toISOString(),
      data: {
        id: instance.id,
        name: "EU",
        ownerOrganisationId: "0193a1b2-0000-7000-8000-00000000000a",
        defaultCurrency: "EUR",
        platformFeeBps: 1500,
        createdAt: now.toISOString(),
      },
    });
  });

  it("is for admins only", async () => {
    const f = fakes();
    await expect(
      makeCreateInstance(deps(f))(
        { name: "EU", defaultCurrency: "EUR", platformFeeBps: 0 },
        ctx(["provider", "developer"]),
      ),
    ).rejects.toMatchObject({ code: "forbidden" });
    expect(f.committed.events).toHaveLength(0);
  });

  it("emits nothing when the write fails", async () => {
    const f = fakes({ failInsert: true });
    await expect(
      makeCreateInstance(deps(f))({ name: "EU", defaultCurrency: "EUR", platformFeeBps: 0 }, ctx(["admin"])),
    ).rejects.toThrow("disk full");
    expect(f.committed.events).toHaveLength(0);
  });

  it("rejects invalid input with field errors before writing", async () => {
    const f = fakes();
    await expect(
      makeCreateInstance(deps(f))(
        { name: "EU", defaultCurrency: "EUR", platformFeeBps: 9000 },
        ctx(["admin"]),
      ),
    ).rejects.toMatchObject({
      code: "validation-failed",
      errors: { "body.platformFeeBps": expect.any(Array) },
    });
    expect(f.committed.instances).toHaveLength(0);
  });

  it("answers a repeat of a request (same request id, same values) with the first one's instance, once", async () => {
    const f = fakes();
    const create = makeCreateInstance(deps(f));
    const first = await create(
      { name: " EU ", defaultCurrency: "eur", platformFeeBps: 1500 },
      ctx(["admin"], "req-1"),
    );
    // the same values as normalised: the repeat is the same request
    const repeat = await create(
      { name: "EU", defaultCurrency: "EUR", platformFeeBps: 1500 },
      ctx(["admin"], "req-1"),
    );
    expect(repeat).toEqual(first);
    expect(f.committed.instances).toEqual([first]);
    expect(f.committed.events).toHaveLength(1);
    // another request id, or the same one in another organisation, is another creation
    const other = await create(
      { name: "EU", defaultCurrency: "EUR", platformFeeBps: 1500 },
      ctx(["admin"], "req-2"),
    );
    const elsewhere = await create(
      { name: "EU", defaultCurrency: "EUR", platformFeeBps: 1500 },
      ctx(["admin"], "req-1", "0193a1b2-0000-7000-8000-00000000000b"),
    );
    expect(new Set([first.id, other.id, elsewhere.id]).size).toBe(3);
    expect(f.committed.events).toHaveLength(3);
  });

  it("refuses the same request id with other values (409 request-id-reused, naming the instance)", async () => {
    const f = fakes();
    const create = makeCreateInstance(deps(f));
    const first = await create(
      { name: "EU", defaultCurrency: "EUR", platformFeeBps: 1500 },
      ctx(["admin"], "req-1"),
    );
    await expect(
      create({ name: "EU", defaultCurrency: "EUR", platformFeeBps: 1000 }, ctx(["admin"], "req-1")),
    ).rejects.toMatchObject({ code: "request-id-reused", extensions: { instanceId: first.id } });
    expect(f.committed.instances).toEqual([first]);
    expect(f.committed.events).toHaveLength(1);
  });
});
