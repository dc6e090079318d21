import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { ZodApp } from "../zod-app";

/** What the console needs to know at start: how people sign in here. */
export interface ConsoleSettings {
  /** The built console (`apps/console/dist`); nothing is served under `/console` when unset or missing. */
  dist: string | undefined;
  /**
   * The launcher's `demo-credentials.json`: its demo organisations' tokens are offered by the sign-in
   * picker. Development only (the configuration refuses it elsewhere).
   */
  demoCredentialsFile: string | undefined;
  /** The identity provider for the authorization-code + PKCE sign-in. */
  oidc: { issuer: string; clientId: string; scope: string; audience: string | undefined } | undefined;
}

/** The demo organisations the picker offers, in this order (the launcher's four kinds). */
const DEMO_KINDS = ["developer", "provider", "admin", "operator"] as const;

/**
 * The console's page may run only its own scripts (and the inline scripts of its `index.html`, named by
 * their SHA-256) and styles; it talks to this origin, the object store (presigned uploads, icons) and the
 * identity provider, whose origins vary by deployment, hence any http(s) origin for connections and
 * images. No framing; no referrer, so neither presigned addresses nor an authorization code leave in a
 * Referer header.
 */
function pageHeaders(inlineScriptHashes: readonly string[]) {
  const scripts = ["'self'", ...inlineScriptHashes.map((hash) => `'sha256-${hash}'`)].join(" ");
  return {
    "content-security-policy": `default-src 'self'; script-src ${scripts}; style-src 'self'; img-src 'self' data: blob: http: https:; connect-src 'self' http: https:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'`,
    "referrer-policy": "no-referrer",
    "x-content-type-options": "nosniff",
  } as const;
}

/**
 * SHA-256 (base64) of each inline script of the page: `index.html` asks for the catalogue's first page
 * before the app's script has loaded, and CSP allows exactly that text.
 */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) =>
    createHash("sha256")
      .update(m[1] ?? "")
      .digest("base64"),
  );
}

/** Hashed file names (Vite's `assets/`) never change; everything else is revalidated. */
const HASHED = /^assets\//;

/**
 * Serves the web console under `/console`: its static files, `index.html` for every other path below it
 * (the console routes in the browser), and `/console/config.json` (sign-in settings; in development the
 * demo tokens). Public (the files hold no data; the API still wants a credential), outside the API's
 * rate limit and left out of the OpenAPI document.
 */
export async function installConsole(app: ZodApp, settings: ConsoleSettings): Promise<void> {
  const dist = settings.dist;
  if (!dist || !existsSync(join(dist, "index.html"))) {
    if (dist) app.log.warn({ dist }, "CONSOLE_DIST has no index.html: the console is not served");
    return;
  }
  // preCompressed: the build writes `.br` and `.gz` beside each text file; they are sent to browsers
  // that accept them (with `Vary: accept-encoding`), the plain file to the others.
  await app.register(fastifyStatic, { root: dist, serve: false, wildcard: false, preCompressed: true });
  const headers = pageHeaders(inlineScriptHashes(readFileSync(join(dist, "index.html"), "utf8")));
  const route = { schema: { hide: true }, config: { access: "public", rateLimit: false } } as const;

  app.get("/console/config.json", route, async (_request, reply) => {
    reply.header("cache-control", "no-store");
    return {
      signIn: settings.oidc ? "oidc" : settings.demoCredentialsFile ? "demo" : "token",
      oidc: settings.oidc ?? null,
      demo: settings.demoCredentialsFile ? await demoOrganisations(settings.demoCredentialsFile) : [],
    };
  });
  app.get("/console", route, (_request, reply) => reply.redirect("/console/", 302));
  app.get("/console/*", route, (request, reply) => {
    const path = (request.params as { "*": string })["*"];
    reply.headers(headers);
    if (!isFile(dist, path)) return reply.sendFile("index.html", { maxAge: 0 });
    return HASHED.test(path)
      ? reply.sendFile(path, { maxAge: "365d", immutable: true })
      : reply.sendFile(path, { maxAge: 0 });
  });
}

/** A file below `dist` (never a directory, never outside it). */
function isFile(dist: string, path: string): boolean {
  if (path === "" || path.split("/").includes("..")) return false;
  try {
    return statSync(join(dist, path)).isFile();
  } catch {
    return false;
  }
}

/** The demo tokens and organisations only: the file also holds a webhook secret and a database URL. */
async function demoOrganisations(file: string) {
  let parsed: Record<string, { token?: unknown; organisationId?: unknown } | undefined>;
  try {
    parsed = JSON.parse(await readFile(file, "utf8"));
  } catch {
    return []; // not written yet: the launcher writes it once the stack is ready
  }
  return DEMO_KINDS.flatMap((kind) => {
    const entry = parsed[kind];
    if (typeof entry?.token !== "string" || typeof entry.organisationId !== "string") return [];
    return [{ kind, organisationId: entry.organisationId, token: entry.token }];
  });
}
