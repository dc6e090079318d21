import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";

/**
 * The console driven like a person would, in Chromium: each step signs in as one demo organisation in a
 * fresh browser context and works only through the pages (labels, roles and visible text), never the API.
 * Shared by console.e2e.test.ts and the screenshots it takes.
 */
export const DEMO_NAMES = {
  developer: "Demo Developer",
  provider: "Demo Provider",
  admin: "Demo Admin",
  operator: "Demo Platform Operator",
} as const;

/**
 * Where screenshots go: docs/console/ with CONSOLE_SCREENSHOTS=1 (to refresh the committed ones), else a
 * temporary directory, so an ordinary test run leaves the work tree as it was.
 */
export const SCREENSHOTS =
  process.env.CONSOLE_SCREENSHOTS === "1"
    ? join(import.meta.dirname, "..", "..", "docs", "console")
    : join(tmpdir(), "mp-console-screenshots");

export async function signedIn(
  browser: Browser,
  gatewayUrl: string,
  who: keyof typeof DEMO_NAMES,
  viewport = { width: 1280, height: 860 },
): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await page.goto(`${gatewayUrl}/console/`);
  await page.getByRole("button", { name: new RegExp(`^${DEMO_NAMES[who]}`) }).click();
  await page.getByRole("navigation", { name: "Main" }).waitFor();
  return page;
}

export async function go(page: Page, label: string): Promise<void> {
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: label, exact: true })
    .click();
  await page.getByRole("heading", { level: 1 }).first().waitFor();
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true, animations: "disabled" });
}

/**
 * Repeats `attempt` until it returns true: other services learn of a change from events, so a page may
 * need a moment (and a reload) before what was just done elsewhere shows.
 */
export async function until(
  what: string,
  attempt: () => Promise<boolean>,
  timeoutMs = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await attempt().catch(() => false)) return;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 750));
  }
}

const REPO = join(import.meta.dirname, "..", "..");

/**
 * Builds the console from source into a fresh temporary directory (to serve as CONSOLE_DIST), so a test
 * runs what the commit holds. vitest sets NODE_ENV=test, which would make Vite bundle React's
 * development build: the build gets NODE_ENV=production.
 */
export function buildConsole(): string {
  const dist = mkdtempSync(join(tmpdir(), "mp-console-"));
  execFileSync(
    process.execPath,
    [
      join(REPO, "apps/console/node_modules/vite/bin/vite.js"),
      "build",
      "--outDir",
      dist,
      "--emptyOutDir",
      "--logLevel",
      "warn",
    ],
    { cwd: join(REPO, "apps/console"), stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } },
  );
  return dist;
}
