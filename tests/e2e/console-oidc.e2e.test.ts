import { createHash } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { type Browser, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConsole } from "./console-journey";

/**
 * The console's production sign-in, OAuth 2.0 authorization code with PKCE (oauth4webapi), in Chromium.
 * One local server plays the gateway's part the flow touches (the built console and its config.json
 * naming an identity provider) and a small identity provider (discovery, authorize, token) that records
 * what it was sent, so the test checks the protocol itself: S256 challenge matching the verifier at the
 * token endpoint, the state and redirect URI round trip, the public client. The API is not involved: the
 * flow ends when the console holds the access token and shows the signed-in pages.
 */
const CLIENT_ID = "marketplace-console";
const ORG = "0193a5d0-9a00-7000-8000-000000000002";

let dist: string;
let server: Server;
let origin: string;
let browser: Browser;
const seen: {
  authorize?: URLSearchParams;
  token?: URLSearchParams;
} = {};

/** An unsigned JWT-shaped access token (the console only reads its claims; the gateway would verify it). */
function accessToken(): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  return `${part({ alg: "none" })}.${part({ sub: "oidc-user", org: ORG, roles: ["provider"] })}.x`;
}

const TYPES: Record<string, string> = { ".js": "text/javascript", ".css": "text/css", ".html": "text/html" };

beforeAll(async () => {
  dist = buildConsole();
  server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "content-type": "application/json", "cache-control": "no-store" });
      response.end(JSON.stringify(body));
    };
    if (url.pathname === "/console/config.json")
      return json(200, {
        signIn: "oidc",
        oidc: {
          issuer: `${origin}/idp`,
          clientId: CLIENT_ID,
          scope: "openid profile",
          audience: "marketplace-api",
        },
        demo: [],
      });
    if (url.pathname === "/idp/.well-known/openid-configuration")
      return json(200, {
        issuer: `${origin}/idp`,
        authorization_endpoint: `${origin}/idp/authorize`,
        token_endpoint: `${origin}/idp/token`,
        jwks_uri: `${origin}/idp/jwks`,
        response_types_supported: ["code"],
        code_challenge_methods_supported: ["S256"],
      });
    if (url.pathname === "/idp/authorize") {
      seen.authorize = url.searchParams;
      const back = new URL(url.searchParams.get("redirect_uri") ?? "");
      back.searchParams.set("code", "the-code");
      back.searchParams.set("state", url.searchParams.get("state") ?? "");
      back.searchParams.set("iss", `${origin}/idp`);
      response.writeHead(302, { location: back.href });
      return response.end();
    }
    if (url.pathname === "/idp/token") {
      let body = "";
      for await (const chunk of request) body += chunk;
      seen.token = new URLSearchParams(body);
      const challenge = createHash("sha256")
        .update(seen.token.get("code_verifier") ?? "")
        .digest("base64url");
      if (seen.token.get("code") !== "the-code" || challenge !== seen.authorize?.get("code_challenge"))
        return json(400, { error: "invalid_grant" });
      return json(200, { access_token: accessToken(), token_type: "Bearer", expires_in: 300 });
    }
    if (url.pathname.startsWith("/marketplace/"))
      return json(401, { status: 401, code: "unauthenticated", detail: "stub" });
    // the console: its files, else index.html
    const path = normalize(url.pathname.replace(/^\/console\/?/, "")).replace(/^(\.\.[/\\])+/, "");
    const file = path && path !== "." ? join(dist, path) : join(dist, "index.html");
    try {
      const bytes = await readFile(file);
      response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
      response.end(bytes);
    } catch {
      response.writeHead(200, { "content-type": "text/html" });
      response.end(await readFile(join(dist, "index.html")));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--headless"],
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (dist) await rm(dist, { recursive: true, force: true });
});

describe("console sign-in with the identity provider", () => {
  it("runs the authorization code flow with PKCE and signs in with the access token", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/console/`);
    await page.getByRole("button", { name: /^Sign in with 127\.0\.0\.1/ }).click();
    await page.getByRole("navigation", { name: "Main" }).waitFor();

    const authorize = seen.authorize!;
    expect(authorize.get("client_id")).toBe(CLIENT_ID);
    expect(authorize.get("response_type")).toBe("code");
    expect(authorize.get("code_challenge_method")).toBe("S256");
    expect(authorize.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.get("redirect_uri")).toBe(`${origin}/console/`);
    expect(authorize.get("scope")).toBe("openid profile");
    expect(authorize.get("audience")).toBe("marketplace-api");
    const token = seen.token!;
    expect(token.get("grant_type")).toBe("authorization_code");
    expect(token.get("client_id")).toBe(CLIENT_ID);
    expect(token.get("redirect_uri")).toBe(`${origin}/console/`);
    // the provider's pages, the code gone from the address bar
    await expect(page.getByRole("link", { name: "Offered items" }).isVisible()).resolves.toBe(true);
    expect(page.url()).not.toContain("code=");
    await page.close();
  });

  it("refuses a redirect whose state it did not send", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/console/`);
    await page.getByRole("button", { name: /^Sign in with/ }).waitFor();
    await page.evaluate(() => {
      const storage = (globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } })
        .sessionStorage;
      storage.setItem("mp.console.oidc", JSON.stringify({ verifier: "v".repeat(43), state: "expected" }));
    });
    await page.goto(
      `${origin}/console/?code=the-code&state=forged&iss=${encodeURIComponent(`${origin}/idp`)}`,
    );
    await expect(page.getByRole("alert").textContent()).resolves.toMatch(/^Signing in failed/);
    expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(0);
    await page.close();
  });
});
