import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { REPO_ROOT } from "../paths";
import { USER_FILES, withUsers } from "./nats-users";

/** `--write` regenerates the NATS users of both deploy files; `--check` fails when either is stale. */
const write = process.argv.includes("--write");
let stale = false;
for (const [target, path] of Object.entries(USER_FILES) as [keyof typeof USER_FILES, string][]) {
  const file = join(REPO_ROOT, path);
  const text = await readFile(file, "utf8");
  const fresh = withUsers(text, target);
  if (fresh === text) continue;
  if (write) {
    await writeFile(file, fresh);
    console.log(`wrote ${path}`);
  } else {
    console.error(`${path} is stale: run pnpm nats:write`);
    stale = true;
  }
}
if (stale) process.exit(1);
