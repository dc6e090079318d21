import { join } from "node:path";
import { DEFAULT_DATA_DIR } from "@mp/local/paths";
import { saveContainerLogs } from "./docker";
import { headCommit, runDrill } from "./drill/run";
import { down, up } from "./stack";

const USAGE = `usage: ./dev rehearse up|down|run
  up     build the images and start the marketplace as containers (two replicas of everything), seed demo data
  down   remove every container, volume, database and file the rehearsal made
  run    up, the drill (load while replicas are restarted and killed), its report in docs/rehearsal.md, down
env: DRILL_SECONDS (default 300), DRILL_RATE (operations a second, default 20), REHEARSAL_SKIP_BUILD=1`;

/** Where `run` keeps every container's logs (outside the directory `down` removes). */
const LOGS_DIR = join(DEFAULT_DATA_DIR, "rehearsal-logs");

const log = (line: string) => process.stdout.write(`[rehearse] ${line}\n`);

async function main(command: string | undefined): Promise<number> {
  const skipBuild = process.env.REHEARSAL_SKIP_BUILD === "1";
  switch (command) {
    case "up": {
      const started = await up(log, { skipBuild });
      log(`ready: ${started.gatewayUrl}, demo credentials in .local/demo-credentials.json`);
      return 0;
    }
    case "down":
      await down(log);
      return 0;
    case "run": {
      // Read before the images are built: the report names the commit they were built from.
      const commit = headCommit();
      const started = await up(log, { skipBuild });
      let passed = false;
      try {
        passed = await runDrill(started, log, commit);
      } finally {
        const saved = await saveContainerLogs(LOGS_DIR).catch(() => []);
        if (saved.length > 0) log(`${saved.length} containers' logs in ${LOGS_DIR}`);
        if (process.env.REHEARSAL_KEEP !== "1") await down(log);
      }
      return passed ? 0 : 1;
    }
    default:
      process.stderr.write(`${USAGE}\n`);
      return 2;
  }
}

main(process.argv[2]).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`[rehearse] ${(error as Error).stack ?? String(error)}\n`);
    process.exit(1);
  },
);
