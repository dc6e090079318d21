import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The workspace root: the launcher spawns every process with this cwd, whatever the caller's cwd is. */
export const REPO_ROOT = fileURLToPath(new URL("../../../", import.meta.url));

/** Where the local stack keeps its state; `rm -rf .local` resets everything. Ignored by git. */
export const DEFAULT_DATA_DIR = join(REPO_ROOT, ".local");
