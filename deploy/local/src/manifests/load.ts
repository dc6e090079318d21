import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseAllDocuments } from "yaml";
import { REPO_ROOT } from "../paths";

// biome-ignore lint/suspicious/noExplicitAny: manifests are untyped YAML, checked field by field in tests
export type Manifest = Record<string, any>;

/** Every YAML document of every file under `dir` (relative to the repository), with its file. */
export function loadManifests(dir: string): { file: string; doc: Manifest }[] {
  const root = join(REPO_ROOT, dir);
  const files = walk(root).filter((f) => /\.ya?ml$/.test(f));
  return files.flatMap((file) =>
    parseAllDocuments(readFileSync(file, "utf8"), { merge: true }).map((document) => {
      if (document.errors.length > 0)
        throw new Error(`${relative(REPO_ROOT, file)}: ${document.errors.map((e) => e.message).join("; ")}`);
      return { file: relative(REPO_ROOT, file), doc: document.toJS() as Manifest };
    }),
  );
}

/** One YAML file of the repository as data. */
export function loadYaml(path: string): Manifest {
  const [document] = parseAllDocuments(readFileSync(join(REPO_ROOT, path), "utf8"), { merge: true });
  if (!document || document.errors.length > 0) throw new Error(`${path}: not valid YAML`);
  return document.toJS() as Manifest;
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

/** `{ user: x, ..., permissions: { publish: { allow: [...] } } }` entries of a nats.conf, as user -> allow list. */
export function natsPublishRights(conf: string): Map<string, string[]> {
  const rights = new Map<string, string[]>();
  const user =
    /\{\s*user:\s*([a-z-]+),\s*password:\s*("[^"]*"|\$[A-Z_]+)(?:,\s*permissions:\s*\{\s*publish:\s*\{\s*allow:\s*\[([^\]]*)\]\s*\}\s*,\s*subscribe:\s*\{\s*allow:\s*\[([^\]]*)\])?/g;
  for (const match of conf.matchAll(user)) {
    const list = (text: string | undefined) =>
      (text ?? "")
        .split(",")
        .map((s) => s.trim().replace(/^"|"$/g, ""))
        .filter(Boolean);
    rights.set(match[1]!, [
      ...list(match[3]).map((s) => `pub ${s}`),
      ...list(match[4]).map((s) => `sub ${s}`),
    ]);
  }
  return rights;
}
