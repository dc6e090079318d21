import { readFileSync } from "node:fs";
import { ConfigError } from "@mp/config";
import type { JSONWebKeySet, JWK } from "jose";
import { z } from "zod";
import { createMeshSigner, createMeshVerifier, type MeshSigner, type MeshVerifier } from "./mesh-assertion";
import { meshKeyProblem, signerOfKid } from "./mesh-keys";

/**
 * Configuration keys of the mesh identity. Each process reads its own private key and (services) the
 * public keys of every signer, either inline (a Kubernetes Secret as env) or from a file (the local
 * launcher writes them); exactly one of each pair.
 */
export const meshEnv = {
  /** This process's private key: a JWK (EC P-256, `kid` = its signer name, optionally `#<version>`), inline JSON. */
  MESH_PRIVATE_KEY: z.string().min(1).optional(),
  /** ... or the path of a file holding it. */
  MESH_PRIVATE_KEY_FILE: z.string().min(1).optional(),
  /** The public keys of every signer (gateway and services), a JWKS, inline JSON. */
  MESH_JWKS: z.string().min(1).optional(),
  /** ... or the path of a file holding it. */
  MESH_JWKS_FILE: z.string().min(1).optional(),
};

export type MeshEnv = { [K in keyof typeof meshEnv]?: string | undefined };

export interface MeshKeys {
  privateKey: JWK;
  /** Absent only when not asked for (`jwks: false`). */
  jwks: JSONWebKeySet | undefined;
}

interface Issue {
  key: string;
  message: string;
}

/** The JSON one key of a pair names (inline or by file), or an issue naming the key at fault. */
function readPair(env: MeshEnv, inline: keyof MeshEnv, file: keyof MeshEnv, what: string) {
  const value = env[inline];
  const path = env[file];
  if (value !== undefined && path !== undefined)
    return { issue: { key: file, message: `set ${inline} or ${file}, not both` } };
  if (value === undefined && path === undefined)
    return { issue: { key: inline, message: `required: ${what} (inline JSON, or a file in ${file})` } };
  let text = value;
  if (path !== undefined) {
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      return {
        issue: { key: file, message: `cannot read ${path} (${(error as NodeJS.ErrnoException).code})` },
      };
    }
  }
  try {
    return { json: JSON.parse(text!) as unknown };
  } catch {
    return { issue: { key: path === undefined ? inline : file, message: "is not valid JSON" } };
  }
}

function parseMeshKeys(
  env: MeshEnv,
  signer: string,
  withJwks: boolean,
): { keys?: MeshKeys; issues: Issue[] } {
  const issues: Issue[] = [];
  const privateKeyKey =
    env.MESH_PRIVATE_KEY_FILE !== undefined ? "MESH_PRIVATE_KEY_FILE" : "MESH_PRIVATE_KEY";
  const priv = readPair(env, "MESH_PRIVATE_KEY", "MESH_PRIVATE_KEY_FILE", `this process's mesh private key`);
  let privateKey: JWK | undefined;
  if (priv.issue) issues.push(priv.issue);
  else {
    const problem = meshKeyProblem(priv.json, "private");
    const kid = (priv.json as JWK).kid;
    if (problem) issues.push({ key: privateKeyKey, message: `the key ${problem}` });
    else if (signerOfKid(kid!) !== signer)
      issues.push({
        key: privateKeyKey,
        message: `the key (kid ${kid}) belongs to ${signerOfKid(kid!)}; this process signs as ${signer}`,
      });
    else privateKey = priv.json as JWK;
  }
  if (!withJwks) return { keys: privateKey && { privateKey, jwks: undefined }, issues };

  const jwksKey = env.MESH_JWKS_FILE !== undefined ? "MESH_JWKS_FILE" : "MESH_JWKS";
  const pub = readPair(env, "MESH_JWKS", "MESH_JWKS_FILE", "the public keys of every mesh signer");
  let jwks: JSONWebKeySet | undefined;
  if (pub.issue) issues.push(pub.issue);
  else {
    const keys = (pub.json as { keys?: unknown })?.keys;
    const problems = Array.isArray(keys)
      ? keys.flatMap((k, i) => {
          const problem = meshKeyProblem(k, "public");
          return problem ? [`key ${i} ${problem}`] : [];
        })
      : ['has no "keys" array'];
    const kids = Array.isArray(keys) ? keys.map((k) => (k as JWK).kid) : [];
    if (new Set(kids).size !== kids.length) problems.push("names one kid twice");
    // The public half of this process's own key, under its kid (other versions of it may sit beside it).
    const own =
      Array.isArray(keys) && privateKey ? (keys as JWK[]).find((k) => k.kid === privateKey.kid) : undefined;
    if (privateKey && Array.isArray(keys) && (!own || own.x !== privateKey.x || own.y !== privateKey.y))
      problems.push(`does not hold the public half of ${signer}'s private key`);
    if (problems.length > 0) issues.push({ key: jwksKey, message: problems.join("; ") });
    else jwks = pub.json as JSONWebKeySet;
  }
  return { keys: privateKey && jwks && { privateKey, jwks }, issues };
}

/**
 * A zod refinement for a process's configuration schema: every mesh key problem is reported under the
 * key's own name, with the rest of the configuration's, at boot.
 */
export function refineMeshKeys(signer: string, options: { jwks: boolean }) {
  return (env: Record<string, unknown>, ctx: z.RefinementCtx): void => {
    for (const { key, message } of parseMeshKeys(env as MeshEnv, signer, options.jwks).issues)
      ctx.addIssue({ code: "custom", path: [key], message });
  };
}

/** The mesh keys of a configuration (a ConfigError lists every problem when it was not validated). */
export function meshKeysFrom(env: MeshEnv, signer: string, options: { jwks: boolean }): MeshKeys {
  const { keys, issues } = parseMeshKeys(env, signer, options.jwks);
  if (!keys || issues.length > 0) throw new ConfigError(issues);
  return keys;
}

/**
 * The signer of a process whose configuration holds its mesh private key and the mesh's public keys (the
 * callees' keys its calls are MACed for). Throws `issues` (each naming its configuration key) when a key
 * is missing or unusable, so boot fails saying which key to fix.
 */
export function meshSignerFrom(env: MeshEnv, signer: string): MeshSigner {
  const keys = meshKeysFrom(env, signer, { jwks: true });
  return createMeshSigner(keys.privateKey, { jwks: keys.jwks! });
}

/** A service's identity in the mesh: it signs what it sends and verifies what it receives. */
export interface MeshIdentity {
  signer: MeshSigner;
  verifier: MeshVerifier;
}

/** The identity of a service whose configuration holds its private key and the mesh's public keys. */
export function meshIdentityFrom(env: MeshEnv, signer: string): MeshIdentity {
  const keys = meshKeysFrom(env, signer, { jwks: true });
  return {
    signer: createMeshSigner(keys.privateKey, { jwks: keys.jwks! }),
    verifier: createMeshVerifier({ privateKey: keys.privateKey, jwks: keys.jwks! }),
  };
}
