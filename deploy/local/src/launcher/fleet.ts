import { REPO_ROOT } from "../paths";
import { type ExitInfo, type ManagedChild, spawnManaged } from "./child-process";
import { commandFor, type Env, TARGETS, type Target } from "./targets";

export interface Fleet {
  /** The services and the gateway, plus any adopted child (the Infuse-IoT simulator and the Stripe stand-in, started first). */
  children: ReadonlyMap<Target | "simulator" | "stripe", ManagedChild>;
  /** Resolves when a child exits while nobody asked it to; never once stop() has been called. */
  unexpectedExit: Promise<{ child: ManagedChild; exit: ExitInfo }>;
  /** Stops every child at once (each SIGTERM, then SIGKILL after 10 s); resolves when all are gone. */
  stop(): Promise<void>;
}

/**
 * Spawns every service and the gateway at once: the gateway's /readyz already waits for its upstreams.
 * `adopted` children, already running, are watched and stopped with the rest.
 */
export function startFleet(
  env: Env,
  envs: Record<Target, Env>,
  sink: (line: string) => void,
  adopted: ManagedChild[] = [],
): Fleet {
  const children = new Map<Target | "simulator" | "stripe", ManagedChild>();
  for (const child of adopted) children.set(child.name as "simulator" | "stripe", child);
  for (const target of TARGETS) {
    const { command, args } = commandFor(target, env, REPO_ROOT);
    children.set(
      target,
      spawnManaged({ name: target, command, args, env: envs[target], cwd: REPO_ROOT, sink }),
    );
  }
  let stopping: Promise<void> | undefined;
  const unexpectedExit = new Promise<{ child: ManagedChild; exit: ExitInfo }>((resolve) => {
    for (const child of children.values()) {
      child.exited.then((exit) => {
        if (!stopping) resolve({ child, exit });
      });
    }
  });
  return {
    children,
    unexpectedExit,
    stop: () => {
      stopping ??= Promise.all([...children.values()].map((child) => child.stop())).then(() => undefined);
      return stopping;
    },
  };
}

export function exitMessage(name: string, exit: ExitInfo): string {
  if (exit.error) return `${name} could not be started (${exit.error.message})`;
  return `${name} exited unexpectedly (${exit.signal ? `signal ${exit.signal}` : `code ${exit.code}`})`;
}
