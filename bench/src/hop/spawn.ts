import { type ChildProcess, spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const ENTRY = fileURLToPath(new URL("./floor-server.ts", import.meta.url));

/** A path of the hop floor: `http` (bare), `h2` (one node:http2 exchange) or `grpc` (one grpc-js call). */
export type HopKind = "http" | "h2" | "grpc";

export interface HopPath {
  kind: HopKind;
  /** The front's `GET /page`. */
  url: string;
  /** The front, then the upstream when there is one. */
  pids: number[];
  stop(): void;
}

interface Started {
  child: ChildProcess;
  port: number;
}

function start(role: string, env: Record<string, string>, nodeArgs: string[]): Promise<Started> {
  const child = spawn(process.execPath, ["--import", "tsx", ...nodeArgs, ENTRY], {
    env: { ...process.env, ...env, ROLE: role, NODE_OPTIONS: "" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", (line) =>
      resolve({ child, port: (JSON.parse(line) as { port: number }).port }),
    );
    child.once("exit", (code) => reject(new Error(`${role} exited (code ${code}) before listening`)));
  });
}

/**
 * Starts one path of the hop floor as its own processes (bench/src/hop/floor-server.ts): the page from
 * `databaseUrl` (a database holding `catalogue.instances`), or a fixed body when it is undefined.
 */
export async function startHopPath(
  kind: HopKind,
  databaseUrl: string | undefined,
  nodeArgs: string[] = [],
): Promise<HopPath> {
  const page = { DATABASE_URL: databaseUrl ?? "" };
  const started: Started[] = [];
  const stop = () => {
    for (const { child } of started) child.kill("SIGTERM");
  };
  try {
    if (kind === "http") started.push(await start("http", page, nodeArgs));
    else {
      const upstream = await start(`${kind}-upstream`, page, nodeArgs);
      started.push(upstream);
      // The front reads no page: it asks the upstream for it.
      started.unshift(
        await start(`${kind}-front`, { DATABASE_URL: "", UPSTREAM: `127.0.0.1:${upstream.port}` }, nodeArgs),
      );
    }
  } catch (error) {
    stop();
    throw error;
  }
  return {
    kind,
    url: `http://127.0.0.1:${started[0]!.port}/page`,
    pids: started.map(({ child }) => child.pid!),
    stop,
  };
}
