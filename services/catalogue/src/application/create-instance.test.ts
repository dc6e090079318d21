import type { EventEnvelope } from "@mp/bus";
import type { Paged } from "@mp/db";
import type { CallContext } from "@mp/grpc";
import { testLogger } from "@mp/logger";
import { describe, expect, it } from "vitest";
import type { Instance } from "../domain/instance";
import { makeCreateInstance } from "./create-instance";
import type { InstanceRepository, UnitOfWork } from "./ports";

/**
 * Hand-written fakes: a repository whose statements carry the instance, and a unit of work that records
 * what a statement wrote and the events committed with it, or nothing when the write fails.
 */
function fakes(options: { failInsert?: boolean } = {}) {
  const committed: { instances: Instance[]; events: EventEnvelope[] } = { instances: [], events: [] };
  const instances: InstanceRepository = {
    insertStatement: (instance) => ({ text: "INSERT INTO instances", values: [instance] }),
    get: async () => undefined,
    list: async () => ({}) as Paged<Instance>,
  };
  const unitOfWork: UnitOfWork = {
    run: async () => {
      throw new Error("createInstance commits one statement; it opens no transaction");
    },
    async commit(write, events) {
      if (options.failInsert) throw new Error("disk full");
      committed.instances.push(...(write.values as Instance[]));
      committed.events.push(...(Array.isArray(events) ? events : [events as EventEnvelope]));
    },
  };
  return { committed, instances, unitOfWork };
}

const ctx = (
  roles: CallContext["principal"] extends infer P ? (P extends { roles: infer R } ? R : never) : never,
): CallContext => ({
  principal: { subject: "u1", organisationId: "0193a1b2-0000-7000-8000-00000000000a", roles, via: "jwt" },
  requestId: "r1",
  signal: new AbortController().signal,
  logger: testLogger(),
});

const now = new Date("2026-11-22T10:00:00.123Z");
const deps = (f: ReturnType<typeof fakes>) => ({
  ...f,
  clock: { now: () => now },
  ids: { next: () => "0193a1b2-0000-7000-8000-0000000000ff" },
});

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
});
