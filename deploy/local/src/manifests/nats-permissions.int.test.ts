import { spawn } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Bus, connectBus, ensureStream } from "@mp/bus";
import { STREAMS } from "@mp/contracts";
import { testLogger } from "@mp/logger";
import { freePort, isListening, natsServerBinary, waitFor } from "@mp/testing";
import { AckPolicy } from "@nats-io/jetstream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../paths";

/**
 * docker-compose's NATS configuration (the same users and rules as the Kubernetes one, which
 * manifests.test.ts compares) run by a real nats-server: a service's user can do everything its relay and
 * consumers do on its own stream, and cannot publish another service's events.
 */
let dir: string;
let url: (user: string) => string;
let stopServer: () => Promise<void>;
const buses: Bus[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "mp-nats-perms-"));
  const conf = (await readFile(join(REPO_ROOT, "deploy/docker/nats.conf"), "utf8")).replace(
    "store_dir: /data",
    `store_dir: "${join(dir, "js")}"`,
  );
  await writeFile(join(dir, "nats.conf"), conf);
  const port = await freePort();
  const binary = natsServerBinary();
  if (!binary) throw new Error("nats-server is required for this test");
  const child = spawn(binary, ["-c", join(dir, "nats.conf"), "-a", "127.0.0.1", "-p", String(port)], {
    stdio: "ignore",
  });
  stopServer = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  };
  await waitFor(async () => ((await isListening("127.0.0.1", port)) ? true : undefined), {
    what: "nats-server with the compose configuration",
  });
  url = (user) => `nats://${user}:${user}-dev-nats@127.0.0.1:${port}`;
});
afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await stopServer?.();
  await rm(dir, { recursive: true, force: true });
});

async function connectAs(user: string): Promise<Bus> {
  const bus = await connectBus({ url: url(user), name: user, logger: testLogger(user) });
  buses.push(bus);
  return bus;
}

describe("NATS users of the deploy files", () => {
  it("let a service run its stream, publish its events and consume with acks", async () => {
    const bus = await connectAs("catalogue");
    await ensureStream(bus, { name: STREAMS.CATALOGUE.name, subjects: [...STREAMS.CATALOGUE.subjects] });
    const ack = await bus.js.publish("catalogue.instance.created.v1", "{}");
    expect(ack.seq).toBe(1);

    await bus.jsm.consumers.add(STREAMS.CATALOGUE.name, {
      durable_name: "perm-test",
      ack_policy: AckPolicy.Explicit,
    });
    const consumer = await bus.js.consumers.get(STREAMS.CATALOGUE.name, "perm-test");
    const message = await consumer.next({ expires: 5_000 });
    expect(message?.subject).toBe("catalogue.instance.created.v1");
    expect(await message?.ackAck()).toBe(true);
  });

  it("refuse another service's subjects, and a wrong password", async () => {
    const bus = await connectAs("catalogue");
    const publishing = await connectAs("publishing");
    await ensureStream(publishing, {
      name: STREAMS.PUBLISHING.name,
      subjects: [...STREAMS.PUBLISHING.subjects],
    });
    await expect(bus.js.publish("publishing.item.published.v1", "{}", { timeout: 2_000 })).rejects.toThrow(
      /permission|timeout|no responders/i,
    );
    const info = await publishing.jsm.streams.info(STREAMS.PUBLISHING.name);
    expect(info.state.messages).toBe(0);
    await expect(
      connectBus({
        url: url("catalogue").replace("catalogue-dev-nats", "wrong"),
        name: "intruder",
        logger: testLogger(),
      }).then((b) => buses.push(b)),
    ).rejects.toThrow(/authorization/i);
  });
});
