import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ConfigError, loadConfig, z } from "@mp/config";
import { beforeAll, describe, expect, it } from "vitest";
import { meshEnv, meshIdentityFrom, meshSignerFrom, refineMeshKeys } from "./mesh-config";
import { GATEWAY_SIGNER, generateMeshKeys, type MeshKeySet, serviceSigner } from "./mesh-keys";

const CATALOGUE = serviceSigner("catalogue");
const schema = z.object(meshEnv).superRefine(refineMeshKeys(CATALOGUE, { jwks: true }));

let keys: MeshKeySet;
let dir: string;

beforeAll(async () => {
  keys = await generateMeshKeys([GATEWAY_SIGNER, CATALOGUE]);
  dir = await mkdtemp(join(tmpdir(), "mesh-config-"));
});

function issues(env: Record<string, string>): Record<string, string> {
  try {
    loadConfig(schema, env);
    return {};
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return Object.fromEntries(error.issues.map((i) => [i.key, i.message]));
  }
}

const inline = () => ({
  MESH_PRIVATE_KEY: JSON.stringify(keys.privateKeys[CATALOGUE]),
  MESH_JWKS: JSON.stringify(keys.jwks),
});

describe("mesh key configuration", () => {
  it("accepts inline keys and files, and builds a working identity from either", async () => {
    expect(issues(inline())).toEqual({});
    const privatePath = join(dir, "catalogue.jwk.json");
    const jwksPath = join(dir, "jwks.json");
    await writeFile(privatePath, JSON.stringify(keys.privateKeys[CATALOGUE]));
    await writeFile(jwksPath, JSON.stringify(keys.jwks));
    const files = { MESH_PRIVATE_KEY_FILE: privatePath, MESH_JWKS_FILE: jwksPath };
    expect(issues(files)).toEqual({});
    const identity = meshIdentityFrom(files, CATALOGUE);
    const gateway = meshSignerFrom(
      { MESH_PRIVATE_KEY: JSON.stringify(keys.privateKeys[GATEWAY_SIGNER]), MESH_JWKS_FILE: jwksPath },
      GATEWAY_SIGNER,
    );
    const method = "/marketplace.catalogue.v1.CatalogueService/GetInstance";
    const credentials = gateway.sign({ method, audience: CATALOGUE, requestId: "r", subject: {} });
    await expect(
      identity.verifier.verifyCall({ ...credentials, method, requestId: "r" }),
    ).resolves.toMatchObject({
      service: { service: "gateway" },
    });
  });

  it("names the key of each problem", () => {
    expect(issues({})).toEqual({
      MESH_PRIVATE_KEY: expect.stringMatching(/^required/),
      MESH_JWKS: expect.stringMatching(/^required/),
    });
    expect(issues({ ...inline(), MESH_PRIVATE_KEY_FILE: "/x" }).MESH_PRIVATE_KEY_FILE).toMatch(/not both/);
    const { MESH_PRIVATE_KEY } = inline();
    expect(issues({ MESH_PRIVATE_KEY, MESH_JWKS_FILE: "/nope" }).MESH_JWKS_FILE).toMatch(
      /cannot read \/nope/,
    );
    expect(issues({ ...inline(), MESH_PRIVATE_KEY: "{" }).MESH_PRIVATE_KEY).toMatch(/not valid JSON/);
  });

  it("refuses another signer's key, a public key as private, and a JWKS without this key or with private parts", () => {
    const gatewayKey = JSON.stringify(keys.privateKeys[GATEWAY_SIGNER]);
    expect(issues({ ...inline(), MESH_PRIVATE_KEY: gatewayKey }).MESH_PRIVATE_KEY).toMatch(
      /belongs to gateway; this process signs as service:catalogue/,
    );
    const mine = keys.privateKeys[CATALOGUE]!.kid;
    const publicOnly = JSON.stringify(keys.jwks.keys.find((k) => k.kid === mine));
    expect(issues({ ...inline(), MESH_PRIVATE_KEY: publicOnly }).MESH_PRIVATE_KEY).toMatch(/no private part/);
    const withoutMe = JSON.stringify({ keys: keys.jwks.keys.filter((k) => k.kid !== mine) });
    expect(issues({ ...inline(), MESH_JWKS: withoutMe }).MESH_JWKS).toMatch(
      /public half of service:catalogue/,
    );
    const leaky = JSON.stringify({ keys: [keys.privateKeys[CATALOGUE]] });
    expect(issues({ ...inline(), MESH_JWKS: leaky }).MESH_JWKS).toMatch(/holds a private key/);
    expect(issues({ ...inline(), MESH_JWKS: "{}" }).MESH_JWKS).toMatch(/no "keys" array/);
  });

  it("accepts a JWKS holding two versions of a signer's key (a rotation), and refuses a kid twice", async () => {
    const next = await generateMeshKeys([GATEWAY_SIGNER], "next");
    const rotating = JSON.stringify({ keys: [...keys.jwks.keys, ...next.jwks.keys] });
    expect(issues({ ...inline(), MESH_JWKS: rotating })).toEqual({});
    const twice = JSON.stringify({ keys: [...keys.jwks.keys, keys.jwks.keys[0]] });
    expect(issues({ ...inline(), MESH_JWKS: twice }).MESH_JWKS).toMatch(/names one kid twice/);
  });

  it("makes the gateway's signer only with the mesh's public keys, naming each missing key", () => {
    expect(() => meshSignerFrom({}, GATEWAY_SIGNER)).toThrow(ConfigError);
    expect(() => meshSignerFrom({}, GATEWAY_SIGNER)).toThrow(/MESH_PRIVATE_KEY/);
    const privateOnly = { MESH_PRIVATE_KEY: JSON.stringify(keys.privateKeys[GATEWAY_SIGNER]) };
    expect(() => meshSignerFrom(privateOnly, GATEWAY_SIGNER)).toThrow(/MESH_JWKS/);
  });
});
