import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { setTimeout as pause } from "node:timers/promises";
import {
  type Bus,
  busMigrations,
  type Consumer,
  connectBus,
  durableName,
  type EventEnvelope,
  ensureStream,
  isPermissionDenied,
  newEvent,
  rebuildDurable,
  startConsumer,
} from "@mp/bus";
import { EVENT_OWNERS, type EventOwner, ownerOfSubject, STREAMS, SUBSCRIPTIONS } from "@mp/contracts";
import { createPool, migrate, type Pool } from "@mp/db";
import { createLogger, testLogger } from "@mp/logger";
import { ensureStreamsInBackground } from "@mp/runtime";
import { freePort, freshInfra, isListening, natsServerBinary, type TestInfra, waitFor } from "@mp/testing";
import { AckPolicy } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseAllDocuments } from "yaml";
import { REPO_ROOT } from "../paths";
import { BEGIN, END, SERVICE_USERS, USER_FILES } from "./nats-users";

/**
 * docker-compose's NATS configuration (the same users and rules as the Kubernetes one, which
 * manifests.test.ts compares) run by a real nats-server, with the production namespace (none): each
 * service's user runs its stream, publishes its events and runs every consumer SUBSCRIPTIONS lists with
 * the real bus code; and with a service's credentials every attack on another service's events, streams
 * and consumers is refused.
 */
let dir: string;
let url: (user: string) => string;
const stops: Array<() => Promise<void>> = [];
let infra: TestInfra;
let pool: Pool;
const buses: Bus[] = [];
const consumers: Consumer[] = [];

/** A nats-server on a free port running `conf` (its store in `dir`), stopped after the file's tests. */
async function startNats(name: string, conf: string, env: Record<string, string> = {}): Promise<number> {
  const file = join(dir, `${name}.conf`);
  await writeFile(file, conf);
  const port = await freePort();
  const binary = natsServerBinary();
  if (!binary) throw new Error("nats-server is required for this test");
  const child = spawn(binary, ["-c", file, "-a", "127.0.0.1", "-p", String(port)], {
    stdio: "ignore",
    env: { ...process.env, ...env },
  });
  stops.push(async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  });
  await waitFor(async () => ((await isListening("127.0.0.1", port)) ? true : undefined), {
    what: `nats-server with the ${name} configuration`,
  });
  return port;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mp-nats-perms-"));
  const conf = (await readFile(join(REPO_ROOT, USER_FILES.docker), "utf8")).replace(
    "store_dir: /data",
    `store_dir: "${join(dir, "js")}"`,
  );
  const port = await startNats("compose", conf);
  url = (user) => `nats://${user}:${user}-dev-nats@127.0.0.1:${port}`;
  infra = await freshInfra("natsperms");
  pool = createPool({ url: infra.databaseUrl, schema: "svc" });
  await migrate(pool, "svc", busMigrations());
});
afterAll(async () => {
  await Promise.all(consumers.map((consumer) => consumer.stop()));
  await Promise.all(buses.map((bus) => bus.close()));
  await pool?.end();
  await infra?.cleanup();
  await Promise.all(stops.map((stop) => stop()));
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function connectAs(user: string): Promise<Bus> {
  const bus = await connectBus({ url: url(user), name: user, logger: testLogger(user) });
  buses.push(bus);
  return bus;
}

/** Resolves to the error NATS refused `attempt` with; fails the test if it was not a permission refusal. */
async function refused(attempt: Promise<unknown>): Promise<void> {
  const error = await attempt.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "NATS allowed it").toBeDefined();
  expect(isPermissionDenied(error), String(error)).toBe(true);
}

const streamOf = (owner: EventOwner) => EVENT_OWNERS[owner].stream;
const durableOf = (owner: EventOwner, logical: string) => {
  const sub = SUBSCRIPTIONS[owner].find((s) => s.durable === logical);
  if (!sub) throw new Error(`${owner} has no consumer ${logical}`);
  return durableName(sub.durable, sub.eventTypes);
};

/** Every service connected as its own user, with its stream. */
const services = new Map<EventOwner, Bus>();
/** What each logical consumer handled. */
const handled = new Map<string, EventEnvelope[]>();

/**
 * Every service as its own user, with the real bus code: its stream created and then updated (a changed
 * limit takes $JS.API.STREAM.UPDATE), one event of every type some consumer reads published by its owner
 * (as the relay publishes), and every consumer of SUBSCRIPTIONS started with the source check. Shared by
 * the tests below, each of which may run alone.
 */
let running: Promise<void> | undefined;
function everyServiceRunning(): Promise<void> {
  running ??= (async () => {
    for (const owner of SERVICE_USERS) {
      const bus = await connectAs(owner);
      services.set(owner, bus);
      const stream = streamOf(owner);
      await ensureStream(bus, { name: stream.name, subjects: [...stream.subjects] });
      await ensureStream(bus, { name: stream.name, subjects: [...stream.subjects] }, { maxAgeMs: DAY_MS });
    }
    const published = new Set<string>();
    for (const sub of Object.values(SUBSCRIPTIONS).flat()) {
      for (const type of sub.eventTypes) {
        if (published.has(type)) continue;
        published.add(type);
        const owner = ownerOfSubject(type) as EventOwner;
        const event = newEvent(type, owner, { n: published.size });
        await (services.get(owner) as Bus).js.publish(type, JSON.stringify(event), { msgID: event.id });
      }
    }
    for (const owner of SERVICE_USERS) {
      for (const sub of SUBSCRIPTIONS[owner]) {
        handled.set(sub.durable, []);
        consumers.push(
          startConsumer({
            bus: services.get(owner) as Bus,
            pool,
            logger: testLogger(owner),
            stream: sub.stream,
            durable: sub.durable,
            eventTypes: [...sub.eventTypes],
            ownerOf: ownerOfSubject,
            handle: async (event) => void handled.get(sub.durable)?.push(event),
          }),
        );
      }
    }
    for (const sub of Object.values(SUBSCRIPTIONS).flat()) {
      await waitFor(
        async () => (handled.get(sub.durable)?.length === sub.eventTypes.length ? true : undefined),
        { what: `${sub.durable} to handle its ${sub.eventTypes.length} event types`, timeoutMs: 20_000 },
      );
    }
  })();
  return running;
}
const DAY_MS = 86_400_000;

describe("each service under its own NATS user", () => {
  it("creates and updates its stream, publishes its events, and runs every consumer it has", async () => {
    await everyServiceRunning();
    for (const [owner, bus] of services) {
      const stream = await bus.jsm.streams.info(streamOf(owner).name);
      expect(stream.config.max_age, owner).toBe(DAY_MS * 1_000_000);
      // Every consumer handled each of its event types once, and acked it: nothing waits for an ack.
      for (const sub of SUBSCRIPTIONS[owner]) {
        expect(
          handled
            .get(sub.durable)
            ?.map((e) => e.type)
            .sort(),
          sub.durable,
        ).toEqual([...sub.eventTypes].sort());
        // An ack reaches the server a moment after its handler returns: read the consumer once it has.
        const consumerInfo = () =>
          bus.jsm.consumers.info(sub.stream, durableName(sub.durable, sub.eventTypes));
        await waitFor(async () => ((await consumerInfo()).num_ack_pending === 0 ? true : undefined), {
          what: `${sub.durable}'s acks`,
          timeoutMs: 20_000,
        }).catch(() => undefined);
        const info = await consumerInfo();
        expect(info.num_ack_pending, sub.durable).toBe(0);
        expect(info.num_pending, sub.durable).toBe(0);
      }
    }
  });

  it("may delete and make again a durable of its own, as a consumer rebuilds one that answers no pull", async () => {
    await everyServiceRunning();
    const bus = services.get("listings") as Bus;
    const [sub] = SUBSCRIPTIONS.listings;
    if (!sub) throw new Error("listings has no subscription");
    const durable = durableName(sub.durable, sub.eventTypes);
    const before = await bus.jsm.consumers.info(sub.stream, durable);
    const subjects = [...new Set(sub.eventTypes)].sort().map((type) => bus.subject(type));
    const timing = { ackWaitMs: 30_000, inactiveThresholdMs: 7 * DAY_MS };
    await rebuildDurable(bus, sub.stream, durable, subjects, timing);
    expect((await bus.jsm.consumers.info(sub.stream, durable)).created).not.toEqual(before.created);
  });

  it("leaves the streams it only reads to their owners", async () => {
    await everyServiceRunning();
    const logs: Array<{ level: string; msg: string; stream?: string }> = [];
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logs.push(JSON.parse(chunk.toString()));
        done();
      },
    });
    const ensuring = ensureStreamsInBackground({
      bus: services.get("purchases") as Bus,
      streams: [STREAMS.PURCHASES],
      borrowed: [STREAMS.SETTLEMENTS],
      logger: createLogger({ service: "purchases", level: "info", destination }),
    });
    try {
      await waitFor(
        async () => ((await Promise.race([ensuring.done.then(() => true), pause(100)])) ? true : undefined),
        {
          what: "the streams ensured, the borrowed one refused once",
        },
      );
    } finally {
      await ensuring.stop();
    }
    expect(logs.filter((l) => l.level !== "info")).toEqual([]);
    expect(logs).toContainEqual(
      expect.objectContaining({
        msg: "not permitted to create a stream it reads; its owner does",
        stream: "SETTLEMENTS",
      }),
    );
  });
});

describe("with the catalogue's credentials, NATS refuses", () => {
  let catalogue: Bus;
  let admin: Bus;
  const paymentsDurable = () => durableOf("purchases", "purchases-payments");
  beforeAll(async () => {
    await everyServiceRunning();
    catalogue = services.get("catalogue") as Bus;
    admin = await connectAs("admin");
  });

  it("publishing on another service's subject", async () => {
    await refused(catalogue.js.publish("settlements.payment.updated.v1", "{}", { timeout: 2_000 }));
  });

  it("creating, updating, purging or deleting another service's stream, or purging or deleting its own", async () => {
    const before = await admin.jsm.streams.info("SETTLEMENTS");
    await refused(catalogue.jsm.streams.add({ name: "SETTLEMENTS", subjects: ["settlements.>"] }));
    await refused(catalogue.jsm.streams.update("SETTLEMENTS", { subjects: ["settlements.>", "forged.>"] }));
    await refused(catalogue.jsm.streams.purge("SETTLEMENTS"));
    await refused(catalogue.jsm.streams.delete("SETTLEMENTS"));
    await refused(catalogue.jsm.streams.purge("CATALOGUE"));
    await refused(catalogue.jsm.streams.delete("CATALOGUE"));
    const after = await admin.jsm.streams.info("SETTLEMENTS");
    expect(after.state.messages).toBe(before.state.messages);
    expect(after.config.subjects).toEqual(["settlements.>"]);
    expect((await admin.jsm.streams.info("CATALOGUE")).state.messages).toBeGreaterThan(0);
  });

  it("a new stream republishing, mirroring or sourcing onto another service's subjects", async () => {
    await refused(
      catalogue.jsm.streams.add({
        name: "FORGE",
        subjects: ["forge.payment"],
        republish: { src: "forge.payment", dest: "settlements.payment.updated.v1" },
      }),
    );
    await refused(catalogue.jsm.streams.add({ name: "MIRROR", mirror: { name: "SETTLEMENTS" } }));
    await refused(catalogue.jsm.streams.add({ name: "SOURCED", sources: [{ name: "SETTLEMENTS" }] }));
    const names: string[] = [];
    for await (const name of admin.jsm.streams.names()) names.push(name);
    expect(names.filter((n) => ["FORGE", "MIRROR", "SOURCED"].includes(n))).toEqual([]);
  });

  it("creating, reading, acking or deleting a consumer that is not its own", async () => {
    // A durable of its own choosing, on a stream it does not read and on one it reads.
    const free = { durable_name: "catalogue-spy", ack_policy: AckPolicy.Explicit };
    await refused(catalogue.jsm.consumers.add("SETTLEMENTS", free));
    await refused(catalogue.jsm.consumers.add("PUBLISHING", free));
    await refused(
      catalogue.jsm.consumers.add("SETTLEMENTS", {
        ...free,
        filter_subject: "settlements.payment.updated.v1",
      }),
    );
    // Another service's durable: create (take over), look up, pull, ack, delete.
    const theirs = paymentsDurable();
    await refused(catalogue.jsm.consumers.add("SETTLEMENTS", { ...free, durable_name: theirs }));
    await refused(catalogue.jsm.consumers.info("SETTLEMENTS", theirs));
    await refused(catalogue.js.consumers.get("SETTLEMENTS", theirs));
    await refused(
      catalogue.nc.request(`$JS.API.CONSUMER.MSG.NEXT.SETTLEMENTS.${theirs}`, "1", { timeout: 2_000 }),
    );
    await refused(
      catalogue.nc.request(`$JS.ACK.SETTLEMENTS.${theirs}.1.1.1.0.0`, "+ACK", { timeout: 2_000 }),
    );
    await refused(catalogue.jsm.consumers.delete("SETTLEMENTS", theirs));
    // Another service's durable on a stream the catalogue reads too.
    await refused(catalogue.jsm.consumers.info("PUBLISHING", durableOf("purchases", "purchases-items")));
    expect((await admin.jsm.consumers.info("SETTLEMENTS", theirs)).config.durable_name).toBe(theirs);
    const names: string[] = [];
    for await (const info of admin.jsm.consumers.list("SETTLEMENTS")) names.push(info.name);
    expect(names.filter((n) => n.startsWith("catalogue"))).toEqual([]);
  });

  it("listening on another service's inbox, where its pulled messages and API answers arrive", async () => {
    const errors: unknown[] = [];
    catalogue.nc.subscribe("_INBOX.purchases.>", { callback: (error) => void errors.push(error) });
    catalogue.nc.subscribe("_INBOX.>", { callback: (error) => void errors.push(error) });
    await waitFor(async () => (errors.length === 2 ? true : undefined), { what: "both refusals" });
    expect(errors.every(isPermissionDenied)).toBe(true);
  });

  it("a wrong password", async () => {
    await expect(
      connectBus({
        url: url("catalogue").replace("catalogue-dev-nats", "wrong"),
        name: "intruder",
        logger: testLogger(),
      }).then((b) => buses.push(b)),
    ).rejects.toThrow(/authorization/i);
  });
});

describe("consumers refuse, dead-letter and count an event not published by the owner of its subject", () => {
  beforeAll(everyServiceRunning);
  const deadLetters = async (consumer: string) =>
    (
      await pool.query<{ error: string }>("SELECT error FROM dead_letters WHERE consumer = $1", [consumer])
    ).rows.map((row) => row.error);

  it("one the catalogue publishes on its own subject in another service's name", async () => {
    const catalogue = services.get("catalogue") as Bus;
    const before = handled.get("settlements-instances")?.length;
    const forged = newEvent("catalogue.instance.created.v1", "settlements", { n: 0 });
    await catalogue.js.publish(forged.type, JSON.stringify(forged), { msgID: forged.id });
    for (const consumer of ["publishing-instances", "listings-instances", "settlements-instances"]) {
      const errors = await waitFor(
        async () => ((await deadLetters(consumer)).length > 0 ? deadLetters(consumer) : undefined),
        {
          what: `${consumer} to dead-letter the forged event`,
        },
      );
      expect(errors[0]).toMatch(/UntrustedEventError: source "settlements" is not catalogue/);
    }
    expect(handled.get("settlements-instances")?.length).toBe(before);
  });

  it("one the catalogue's own stream republishes onto a settlements subject", async () => {
    const catalogue = services.get("catalogue") as Bus;
    const stream = streamOf("catalogue");
    // Permitted: a service may create its own stream, and NATS cannot tell one with a republish from the
    // rest. (nats-server 2.9 refuses to add a republish by update, so the admin deletes the stream first,
    // as if the catalogue had created it before anyone else.)
    const admin = await connectAs("admin");
    await admin.jsm.streams.delete(stream.name);
    await catalogue.jsm.streams.add({
      name: stream.name,
      subjects: [...stream.subjects],
      republish: { src: "catalogue.forged.payment", dest: "settlements.payment.updated.v1" },
    });
    const before = handled.get("purchases-payments")?.length;
    const forged = newEvent("settlements.payment.updated.v1", "settlements", { n: 0 });
    await catalogue.js.publish("catalogue.forged.payment", JSON.stringify(forged), { msgID: forged.id });
    const errors = await waitFor(
      async () =>
        (await deadLetters("purchases-payments")).length > 0 ? deadLetters("purchases-payments") : undefined,
      { what: "purchases-payments to dead-letter the republished event" },
    );
    expect(errors[0]).toMatch(/UntrustedEventError: copied by a stream \(Nats-Stream: CATALOGUE\)/);
    expect(handled.get("purchases-payments")?.length).toBe(before);
    await admin.jsm.streams.delete(stream.name);
    await ensureStream(catalogue, { name: stream.name, subjects: [...stream.subjects] });
  });
});

describe("the Kubernetes configuration's users", () => {
  it("take their passwords from the environment and have the same rights", async () => {
    const manifests = parseAllDocuments(await readFile(join(REPO_ROOT, USER_FILES.k8s), "utf8")).map((d) =>
      d.toJSON(),
    );
    const conf: string = manifests.find((m) => m?.kind === "ConfigMap").data["nats.conf"];
    const users = conf.slice(conf.indexOf(BEGIN), conf.indexOf(END) + END.length);
    const password = (user: string) => `${user}-from-secret`;
    const env = Object.fromEntries(
      [...SERVICE_USERS, "admin"].map((u) => [
        `${u.toUpperCase().replaceAll("-", "_")}_NATS_PASSWORD`,
        password(u),
      ]),
    );
    const port = await startNats("k8s", `jetstream { store_dir: "${join(dir, "k8s-js")}" }\n${users}\n`, env);
    const as = async (user: string) => {
      const bus = await connectBus({
        url: `nats://${user}:${password(user)}@127.0.0.1:${port}`,
        name: user,
        logger: testLogger(user),
      });
      buses.push(bus);
      return bus;
    };
    for (const user of SERVICE_USERS) {
      const bus = await as(user);
      const stream = streamOf(user);
      await ensureStream(bus, { name: stream.name, subjects: [...stream.subjects] });
    }
    const catalogue = await as("catalogue");
    await refused(catalogue.js.publish("settlements.payment.updated.v1", "{}", { timeout: 2_000 }));
    await refused(catalogue.jsm.streams.delete("SETTLEMENTS"));
    await expect(
      connectBus({
        url: `nats://catalogue:catalogue-dev-nats@127.0.0.1:${port}`,
        name: "x",
        logger: testLogger(),
      }).then((b) => buses.push(b)),
    ).rejects.toThrow(/authorization/i);
  });
});
