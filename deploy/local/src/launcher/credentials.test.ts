import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PLATFORM_OPERATOR } from "../demo";
import { DEV_AUDIENCE, DEV_ISSUER } from "../dev-keys";
import { issueDemoCredentials } from "./credentials";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "mp-demo-credentials-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe("demo credentials", () => {
  it("include the platform operator: an admin token of the organisation the launcher names PLATFORM_ORGANISATION_ID", async () => {
    const path = join(dir, "demo-credentials.json");
    const endpoints = { gatewayUrl: "http://127.0.0.1:8080", stripeWebhookSecret: "whsec_x" };
    const issued = await issueDemoCredentials(
      { path, keysDir: join(dir, "dev-keys"), issuer: DEV_ISSUER, audience: DEV_AUDIENCE },
      endpoints,
    );
    const written = JSON.parse(await readFile(path, "utf8"));
    expect(written.operator).toEqual({ token: expect.any(String), organisationId: PLATFORM_OPERATOR.id });
    expect(issued.operator).toEqual(written.operator);
    expect(decodeJwt(written.operator.token)).toMatchObject({ org: PLATFORM_OPERATOR.id, roles: ["admin"] });
    // the instance-owning admin is another organisation
    expect(written.admin.organisationId).not.toBe(PLATFORM_OPERATOR.id);
  });
});
