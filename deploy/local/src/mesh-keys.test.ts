import { mkdtemp, readFile, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMeshSigner, createMeshVerifier, meshKeyProblem, meshSignerFrom } from "@mp/auth";
import { describe, expect, it } from "vitest";
import { TARGETS } from "./launcher/targets";
import { makeMeshKeys, meshKeyManifests, signerOf, writeMeshKeys } from "./mesh-keys";

describe("mesh keys for the local stack and deployments", () => {
  it("writes one private key per process (0600) and a public JWKS that verifies what each signs", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mesh-keys-"));
    const files = await writeMeshKeys(dir, TARGETS);
    expect((await stat(files.privateKeyFiles.catalogue)).mode & 0o777).toBe(0o600);
    const jwks = JSON.parse(await readFile(files.jwksFile, "utf8"));
    // One key per process, its kid the signer's name and the key's version (`service:listings#2026...`).
    expect(jwks.keys.map((k: { kid: string }) => k.kid.split("#")[0]).sort()).toEqual(
      TARGETS.map(signerOf).sort(),
    );
    for (const key of jwks.keys) expect(meshKeyProblem(key, "public")).toBeUndefined();
    const gateway = meshSignerFrom(
      { MESH_PRIVATE_KEY_FILE: files.privateKeyFiles.gateway, MESH_JWKS_FILE: files.jwksFile },
      "gateway",
    );
    const listingsKey = JSON.parse(await readFile(files.privateKeyFiles.listings, "utf8"));
    const verifier = createMeshVerifier({ privateKey: listingsKey, jwks });
    const method = "/marketplace.listings.v1.ListingsService/GetListing";
    const credentials = gateway.sign({
      method,
      audience: "service:listings",
      requestId: "r",
      subject: {},
    });
    await expect(verifier.verifyCall({ ...credentials, method, requestId: "r" })).resolves.toMatchObject({
      service: { service: "gateway" },
    });
  });

  it("puts each private key in its own Secret and only public keys in the ConfigMap", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mesh-keys-"));
    const { keys } = await writeMeshKeys(dir, TARGETS);
    const list = meshKeyManifests(keys, TARGETS, "marketplace");
    const secrets = list.items.filter((i) => i.kind === "Secret") as {
      metadata: { name: string };
      stringData: Record<string, string>;
    }[];
    expect(secrets.map((s) => s.metadata.name).sort()).toEqual(TARGETS.map((t) => `mesh-key-${t}`).sort());
    for (const secret of secrets) {
      const jwk = JSON.parse(secret.stringData["private.jwk.json"]!);
      expect(`mesh-key-${jwk.kid.split("#")[0].replace("service:", "")}`).toBe(secret.metadata.name);
      expect(meshKeyProblem(jwk, "private")).toBeUndefined();
    }
    const configMap = list.items.find((i) => i.kind === "ConfigMap") as { data: Record<string, string> };
    expect(configMap.data["jwks.json"]).not.toMatch(/"d"/);
  });

  it("rotates one signer: a new versioned key beside the published ones, which keep verifying", async () => {
    const dir = await mkdtemp(join(tmpdir(), "mesh-keys-"));
    const published = (await writeMeshKeys(dir, TARGETS, { version: "2026-10" })).keys;
    const rotated = await makeMeshKeys(["catalogue"], { version: "2026-11", keep: published.jwks });
    expect(Object.keys(rotated.privateKeys)).toEqual(["service:catalogue"]);
    expect(rotated.jwks.keys.map((k) => k.kid)).toContain("service:catalogue#2026-10");
    expect(rotated.jwks.keys.map((k) => k.kid)).toContain("service:catalogue#2026-11");
    expect(rotated.jwks.keys).toHaveLength(TARGETS.length + 1);
    const verifier = createMeshVerifier({
      privateKey: published.privateKeys["service:listings"]!,
      jwks: rotated.jwks,
    });
    const method = "/marketplace.listings.v1.ListingsService/GetListing";
    for (const jwk of [
      published.privateKeys["service:catalogue"]!,
      rotated.privateKeys["service:catalogue"]!,
    ]) {
      const signer = createMeshSigner(jwk, { jwks: rotated.jwks });
      const credentials = signer.sign({
        method,
        audience: "service:listings",
        requestId: "r",
        subject: {},
      });
      await expect(verifier.verifyCall({ ...credentials, method, requestId: "r" })).resolves.toMatchObject({
        service: { service: "catalogue" },
      });
    }
  });
});
