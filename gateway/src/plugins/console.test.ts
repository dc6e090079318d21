import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadGatewayConfig } from "../config";
import { buildTestApp, createTestKeys, type TestKeys } from "../testing/test-kit";
import { inlineScriptHashes } from "./console.plugin";

/** The console's static files and sign-in settings, served by the gateway under /console. */
let dir: string;
let dist: string;
let credentials: string;
let keys: TestKeys;

beforeAll(async () => {
  keys = await createTestKeys();
  dir = mkdtempSync(join(tmpdir(), "console-plugin-"));
  dist = join(dir, "dist");
  mkdirSync(join(dist, "assets"), { recursive: true });
  writeFileSync(join(dist, "index.html"), '<div id="root"></div>');
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log(1)");
  writeFileSync(join(dir, "secret.txt"), "outside");
  credentials = join(dir, "demo-credentials.json");
  writeFileSync(
    credentials,
    JSON.stringify({
      developer: { token: "t-dev", organisationId: "o-dev" },
      provider: { token: "t-prov", organisationId: "o-prov" },
      stripeWebhookSecret: "whsec_never_shown",
      databaseUrl: "postgres://user:pw@host/db",
    }),
  );
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("console plugin", () => {
  it("serves index.html for the app's paths and hashed assets as immutable, without a credential", async () => {
    const app = await buildTestApp({ keys, env: { CONSOLE_DIST: dist } });
    const page = await app.inject({ url: "/console/provider/devices" });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('id="root"');
    expect(page.headers["cache-control"]).toContain("max-age=0");
    expect(page.headers["content-security-policy"]).toContain("script-src 'self';");
    expect(page.headers["referrer-policy"]).toBe("no-referrer");
    const asset = await app.inject({ url: "/console/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
    expect((await app.inject({ url: "/console" })).headers.location).toBe("/console/");
    // a path leaving dist is the app's page, never the file
    const outside = await app.inject({ url: "/console/..%2Fsecret.txt" });
    expect(outside.body).not.toContain("outside");
    await app.close();
  });

  it("offers only the demo tokens and organisation ids of the credentials file", async () => {
    const app = await buildTestApp({
      keys,
      env: { CONSOLE_DIST: dist, CONSOLE_DEMO_CREDENTIALS_FILE: credentials },
    });
    const config = await app.inject({ url: "/console/config.json" });
    expect(config.json()).toEqual({
      signIn: "demo",
      oidc: null,
      demo: [
        { kind: "developer", organisationId: "o-dev", token: "t-dev" },
        { kind: "provider", organisationId: "o-prov", token: "t-prov" },
      ],
    });
    expect(config.body).not.toContain("whsec");
    expect(config.body).not.toContain("postgres");
    await app.close();
  });

  it("names the identity provider for the authorization-code sign-in when one is configured", async () => {
    const app = await buildTestApp({
      keys,
      env: {
        CONSOLE_DIST: dist,
        CONSOLE_OIDC_ISSUER: "https://auth.example.com/realms/m",
        CONSOLE_OIDC_CLIENT_ID: "marketplace-console",
      },
    });
    expect((await app.inject({ url: "/console/config.json" })).json()).toEqual({
      signIn: "oidc",
      oidc: {
        issuer: "https://auth.example.com/realms/m",
        clientId: "marketplace-console",
        scope: "openid profile",
      },
      demo: [],
    });
    await app.close();
  });

  it("serves nothing when CONSOLE_DIST is unset or holds no build", async () => {
    for (const env of [{}, { CONSOLE_DIST: join(dir, "missing") }] as Record<string, string>[]) {
      const app = await buildTestApp({ keys, env });
      expect((await app.inject({ url: "/console/" })).statusCode).toBe(404);
      await app.close();
    }
  });

  it("refuses demo sign-in outside development and a half-configured identity provider", () => {
    const production = {
      NODE_ENV: "production",
      AUTH_ISSUER: "https://auth.example.com",
      AUTH_AUDIENCE: "marketplace-api",
      AUTH_JWKS_URL: "https://auth.example.com/jwks.json",
      DATABASE_URL: "postgres://localhost/db",
      MESH_PRIVATE_KEY_FILE: "/k",
      MESH_JWKS_FILE: "/j",
    };
    expect(() => loadGatewayConfig({ ...production, CONSOLE_DEMO_CREDENTIALS_FILE: credentials })).toThrow(
      /CONSOLE_DEMO_CREDENTIALS_FILE/,
    );
    expect(() =>
      loadGatewayConfig({ ...production, CONSOLE_OIDC_ISSUER: "https://auth.example.com" }),
    ).toThrow(/CONSOLE_OIDC_CLIENT_ID/);
  });

  it("allows the page's inline script by its hash and sends the build's compressed copies to those who accept them", async () => {
    const built = join(dir, "built");
    mkdirSync(join(built, "assets"), { recursive: true });
    const inline = '\n      window.__mp = fetch("/x");\n    ';
    const html = `<head><script>${inline}</script><script type="module" src="/console/assets/a.js"></script></head>`;
    writeFileSync(join(built, "index.html"), html);
    const js = "console.log('the app');".repeat(50);
    writeFileSync(join(built, "assets", "a-1.js"), js);
    writeFileSync(join(built, "assets", "a-1.js.br"), brotliCompressSync(js));
    writeFileSync(join(built, "assets", "a-1.js.gz"), gzipSync(js));
    writeFileSync(join(built, "index.html.br"), brotliCompressSync(html));
    const [hash] = inlineScriptHashes(html);
    expect(inlineScriptHashes(html)).toHaveLength(1); // the module script (src) needs no hash
    expect(hash).toBe((await import("node:crypto")).createHash("sha256").update(inline).digest("base64"));
    const app = await buildTestApp({ keys, env: { CONSOLE_DIST: built } });
    const page = await app.inject({ url: "/console/catalogue", headers: { "accept-encoding": "br, gzip" } });
    expect(page.headers["content-security-policy"]).toContain(`script-src 'self' 'sha256-${hash}';`);
    expect(page.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(html);
    const brotli = await app.inject({
      url: "/console/assets/a-1.js",
      headers: { "accept-encoding": "gzip, deflate, br" },
    });
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toContain("accept-encoding");
    expect(brotli.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(js);
    const gzip = await app.inject({ url: "/console/assets/a-1.js", headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({
      url: "/console/assets/a-1.js",
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(js);
    await app.close();
  });
});
