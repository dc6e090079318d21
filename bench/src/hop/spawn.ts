import { fileURLToPath } from "node:url";
import { type BareServer, startBareServer } from "../bare/spawn";

const ENTRY = fileURLToPath(new URL("./floor-server.ts", import.meta.url));

/** A path of the hop floor: `http` (bare), `h2` (one node:http2 exchange) or `grpc` (one grpc-js call). */
export type HopKind = "http" | "h2" | "grpc";

export interface HopPath {
  kind: HopKind;
  /** The front's `GET /page`. */
  url: string;
  /** The front, then the upstream when there is one. */
  pids: number[];
  stop(): Promise<void>;
}

/**
 * Starts one path of the hop floor as its own processes (bench/src/hop/floor-server.ts, started as the bare
 * baseline is): the page from `databaseUrl` (a database holding `catalogue.instances`), or a fixed body
 * when it is undefined.
 */
export async function startHopPath(
  kind: HopKind,
  databaseUrl: string | undefined,
  nodeArgs: string[] = [],
): Promise<HopPath> {
  const started: BareServer[] = [];
  const stop = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  const start = async (role: string, pageFrom: string, env: Record<string, string> = {}) => {
    const server = await startBareServer(pageFrom, { entry: ENTRY, env: { ...env, ROLE: role }, nodeArgs });
    started.push(server);
    return server;
  };
  try {
    if (kind === "http") {
      const front = await start("http", databaseUrl ?? "");
      return { kind, url: `${front.url}/page`, pids: [front.pid], stop };
    }
    const upstream = await start(`${kind}-upstream`, databaseUrl ?? "");
    // The front reads no page: it asks the upstream for it.
    const front = await start(`${kind}-front`, "", { UPSTREAM: upstream.url });
    return { kind, url: `${front.url}/page`, pids: [front.pid, upstream.pid], stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
