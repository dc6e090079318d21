import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_SIMULATOR_PORT,
  planSimulator,
  simulatorEnv,
  startSimulatorChild,
} from "./simulator-process";
import { DEV_SECRETS } from "./stack-env";

describe("planSimulator", () => {
  it("starts no simulator when INFUSE_API_URL names a platform", async () => {
    expect(await planSimulator({ INFUSE_API_URL: "https://api.infuse-iot.com" }, true)).toBeUndefined();
  });

  it("takes a free port when ephemeral and the key iot-adapter will send", async () => {
    const plan = await planSimulator({}, true);
    expect(plan).toMatchObject({ host: "127.0.0.1", apiKey: DEV_SECRETS.INFUSE_API_KEY });
    expect(plan?.url).toBe(`http://127.0.0.1:${plan?.port}`);
    expect(plan?.port).not.toBe(DEFAULT_SIMULATOR_PORT);
    const withKey = await planSimulator({ INFUSE_API_KEY: "ik_mine" }, true);
    expect(simulatorEnv({ PATH: "/bin" }, withKey!)).toMatchObject({
      PATH: "/bin",
      SIMULATOR_HOST: "127.0.0.1",
      SIMULATOR_PORT: String(withKey?.port),
      SIMULATOR_API_KEY: "ik_mine",
    });
  });

  it("names the port and the variables when SIMULATOR_PORT is taken", async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const taken = (server.address() as { port: number }).port;
    try {
      await expect(planSimulator({ SIMULATOR_PORT: String(taken) }, false)).rejects.toThrow(
        `port ${taken} for the Infuse-IoT simulator is already in use`,
      );
      await expect(planSimulator({ SIMULATOR_PORT: "http" }, false)).rejects.toThrow(
        /SIMULATOR_PORT must be a port/,
      );
    } finally {
      server.close();
    }
  });
});

describe("startSimulatorChild", () => {
  it("runs the simulator process until /health answers, accepting only the planned key", async () => {
    const plan = (await planSimulator({ INFUSE_API_KEY: "ik_child_test" }, true))!;
    const lines: string[] = [];
    const child = await startSimulatorChild({ PATH: process.env.PATH }, plan, (line) => lines.push(line));
    try {
      const org = `${plan.url}/organisation`;
      expect((await fetch(org, { headers: { authorization: "ApiKey ik_child_test" } })).status).toBe(200);
      expect((await fetch(org, { headers: { authorization: "ApiKey ik_other" } })).status).toBe(401);
    } finally {
      await child.stop();
    }
    expect(await child.exited).toMatchObject({ code: 0 });
    expect(lines.some((line) => line.startsWith("[simulator] "))).toBe(true);
  }, 30_000);
});
