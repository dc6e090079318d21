import {
  createMeshSigner,
  createMeshVerifier,
  GATEWAY_SIGNER,
  generateMeshKeys,
  type MeshKeySet,
  type MeshSigner,
  type MeshVerifier,
  serviceSigner,
} from "@mp/auth";
import { SERVICE_NAMES } from "@mp/config";

/** A throw-away mesh: keys for the gateway and every service, made for one test file and never stored. */
export interface TestMesh {
  keys: MeshKeySet;
  /** The gateway's signer: tests calling a service directly stand in for the gateway with it. */
  gateway: MeshSigner;
  /** The signer of a service (`publishing`), to call as that service. */
  signer(service: string): MeshSigner;
  /** The verifier of a service (`catalogue`), for a server a test starts itself. */
  verifier(service: string): MeshVerifier;
  /**
   * Configuration giving a service its private key and the mesh's public keys, inline:
   * `startService(spec, { ...env, ...mesh.env("catalogue") })`, or the gateway's (`gateway`).
   */
  env(target: string): Record<string, string>;
}

/** Make a test mesh. `extra` adds signers beyond the gateway and the seven services (a test's own service). */
export async function ephemeralMesh(extra: readonly string[] = []): Promise<TestMesh> {
  const name = (target: string) => (target === GATEWAY_SIGNER ? target : serviceSigner(target));
  const keys = await generateMeshKeys([GATEWAY_SIGNER, ...[...SERVICE_NAMES, ...extra].map(serviceSigner)]);
  const privateKey = (target: string) => {
    const jwk = keys.privateKeys[name(target)];
    if (!jwk) throw new Error(`the test mesh has no key for ${target}`);
    return jwk;
  };
  const signers = new Map<string, MeshSigner>();
  const signer = (target: string) => {
    const known = signers.get(target);
    if (known) return known;
    const made = createMeshSigner(privateKey(target), { jwks: keys.jwks });
    signers.set(target, made);
    return made;
  };
  return {
    keys,
    gateway: signer(GATEWAY_SIGNER),
    signer,
    verifier: (service) => createMeshVerifier({ privateKey: privateKey(service), jwks: keys.jwks }),
    env: (target) => ({
      MESH_PRIVATE_KEY: JSON.stringify(privateKey(target)),
      MESH_JWKS: JSON.stringify(keys.jwks),
    }),
  };
}
