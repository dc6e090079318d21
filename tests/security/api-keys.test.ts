import { beforeAll, describe, expect, it } from "vitest";
import { securityStack } from "./support/context";
import { send, type WireResponse } from "./support/http";
import { problemViolations } from "./support/problem";

/**
 * API keys as a leaked key would be abused. The end-to-end suite shows a key cannot mint another; here a
 * key can neither mint nor revoke, in either header form, and a member who did not create a key can
 * revoke it only as an admin. (Another organisation's key is a 404: the BOLA matrix covers that.)
 */
const stack = securityStack();

function keys(method: string, path: string, credential: Record<string, string>, body?: unknown) {
  return send(stack.gatewayUrl, {
    method,
    path,
    headers: { ...credential, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

function expectProblem(response: WireResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(problemViolations(response)).toEqual([]);
  expect((response.json as { code: string }).code).toBe(code);
}

const admin = () => ({ authorization: `Bearer ${stack.tokens.a}` });
const developer = () => ({ authorization: `Bearer ${stack.tokens.aDeveloper}` });

let key: { id: string; key: string };

beforeAll(async () => {
  const created = await keys("POST", "/marketplace/api-keys", admin(), { name: "leaked", roles: ["admin"] });
  expect(created.status, created.text).toBe(200);
  key = created.json as { id: string; key: string };
});

describe("API keys", () => {
  it("cannot mint or revoke a key, in either header form", async () => {
    for (const credential of [{ "x-api-key": key.key }, { "x-api-key": `Bearer ${key.key}` }]) {
      const listed = await keys("GET", "/marketplace/api-keys", credential);
      expect(listed.status, "the key itself works").toBe(200);
      const body = { name: "from a key", roles: ["developer"] };
      expectProblem(await keys("POST", "/marketplace/api-keys", credential, body), 403, "forbidden");
      expectProblem(await keys("DELETE", `/marketplace/api-keys/${key.id}`, credential), 403, "forbidden");
    }
    const still = await keys("GET", "/marketplace/api-keys", { "x-api-key": key.key });
    expect(still.status, "the key survived its own revocation attempt").toBe(200);
  });

  it("cannot carry a role its creator lacks", async () => {
    const body = { name: "escalated", roles: ["admin"] };
    expectProblem(await keys("POST", "/marketplace/api-keys", developer(), body), 403, "forbidden");
  });

  it("are revoked by someone else only with the admin role, and then refused at once", async () => {
    expectProblem(await keys("DELETE", `/marketplace/api-keys/${key.id}`, developer()), 403, "forbidden");
    expect((await keys("DELETE", `/marketplace/api-keys/${key.id}`, admin())).status).toBe(204);
    expect((await keys("DELETE", `/marketplace/api-keys/${key.id}`, admin())).status).toBe(204);
    expectProblem(
      await keys("GET", "/marketplace/api-keys", { "x-api-key": key.key }),
      401,
      "unauthenticated",
    );
  });
});
