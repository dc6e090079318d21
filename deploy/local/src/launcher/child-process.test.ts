import { describe, expect, it } from "vitest";
import { type ManagedChild, spawnManaged } from "./child-process";
import { liveGroupMembers } from "./proc";

/** A node process running `script`, with its output collected and a way to wait for a line. */
function run(name: string, script: string) {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const child: ManagedChild = spawnManaged({
    name,
    command: process.execPath,
    args: ["-e", script],
    env: { PATH: process.env.PATH },
    cwd: process.cwd(),
    sink: (line) => {
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.pattern.test(line))) waiter.resolve(line);
    },
  });
  const lineMatching = (pattern: RegExp) =>
    new Promise<string>((resolve) => {
      const seen = lines.find((line) => pattern.test(line));
      if (seen) resolve(seen);
      else waiters.push({ pattern, resolve });
    });
  return { child, lines, lineMatching };
}

describe("spawnManaged", () => {
  it("prefixes every line of stdout and stderr with the name and keeps the tail", async () => {
    const { child, lines } = run("svc", "console.log('one\\ntwo'); console.error('three'); process.exit(3)");
    expect(await child.exited).toEqual({ code: 3, signal: null });
    expect([...lines].sort()).toEqual(["[svc] one", "[svc] three", "[svc] two"]);
    expect(child.tail()).toHaveLength(3);
    await child.stop();
  });

  it("stops the whole process group, grandchildren included", async () => {
    const script = `
      const { spawn } = require("node:child_process");
      const grandchild = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
      console.log("grandchild " + grandchild.pid);
      setInterval(() => {}, 1000);`;
    const { child, lineMatching } = run("parent", script);
    const grandchild = Number((await lineMatching(/grandchild \d+/)).split(" ").at(-1));
    expect(liveGroupMembers(child.pid!)).toEqual(expect.arrayContaining([child.pid, grandchild]));
    const stopping = child.stop();
    expect(child.stop()).toBe(stopping);
    await stopping;
    expect((await child.exited).signal).toBe("SIGTERM");
    expect(liveGroupMembers(child.pid!)).toEqual([]);
  });

  it("kills a process that ignores SIGTERM once the grace period is over", async () => {
    const { child, lineMatching } = run(
      "stubborn",
      "process.on('SIGTERM', () => console.log('ignored')); console.log('ready'); setInterval(() => {}, 1000)",
    );
    await lineMatching(/ready/);
    const started = Date.now();
    await child.stop(300);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(await child.exited).toEqual({ code: null, signal: "SIGKILL" });
  });

  it("reports a command that cannot be started instead of throwing", async () => {
    const child = spawnManaged({
      name: "ghost",
      command: "/nonexistent/bin",
      args: [],
      env: {},
      cwd: "/",
      sink: () => {},
    });
    const exit = await child.exited;
    expect(exit.error?.message).toMatch(/ENOENT/);
    expect(child.tail()[0]).toMatch(/could not start/);
    await child.stop();
  });
});
