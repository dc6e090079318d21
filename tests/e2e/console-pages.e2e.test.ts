import { rmSync } from "node:fs";
import { DEMO_ORGANISATIONS } from "@mp/local/demo";
import { DEMO_BOARDS, demoSeed } from "@mp/local/simulator";
import type { LocalStack } from "@mp/local/stack";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyForDevice, listedAssetTracker } from "./bought-item";
import { buildConsole, DEMO_NAMES, go, screenshot, signedIn, until } from "./console-journey";
import { startTestStack } from "./stack";

/**
 * Every page of every demo organisation opened in Chromium at 1280 and 390 px, the catalogue's cold load,
 * and the developer's Earnings page (and the provider's beside it) against the launched stack:
 * the Asset tracker published at a base price of EUR 10.00, listed at EUR 25.00 on an instance taking
 * 10 %, and bought for two of the provider's devices (signed payment notifications). The developer's
 * page must show EUR 20.00 from 2 sales, per day, week and month, with the item, read from the
 * developer's statements; the provider's shows the EUR 50.00 of gross sales.
 */
const SECRET = "whsec_e2e_console_earnings_000000";
const DEVICES = demoSeed()
  .devices.filter((d) => d.organisationId === DEMO_ORGANISATIONS.provider.id)
  .filter((d) => d.boardId === DEMO_BOARDS.tracker)
  .slice(0, 2)
  .map((d) => d.deviceId.toLowerCase());

let stack: LocalStack;
let browser: Browser;
let dist: string;
let itemId: string;
const logs: string[] = [];

beforeAll(async () => {
  dist = buildConsole();
  stack = await startTestStack(logs, { CONSOLE_DIST: dist, STRIPE_WEBHOOK_SECRET: SECRET });
  const listing = await listedAssetTracker(stack, "Console earnings");
  itemId = listing.itemId;
  expect(DEVICES).toHaveLength(2);
  for (const device of DEVICES) await buyForDevice(stack, SECRET, listing.listingId, device);
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--headless"],
  });
}, 400_000);

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** A figure of the totals box: the `dd` after the `dt` named `term`. */
function total(page: Page, term: string) {
  return page.locator("dl.totals").getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");
}

describe("the console's earnings pages", () => {
  it("shows the developer's earnings from both sales per day, week and month, with the item", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "developer");
    await go(page, "Earnings");
    expect(page.url()).toMatch(/\/console\/developer\/earnings$/);
    // Settlements writes the sales into the developer's statement from events: reload until both show.
    await until("both sales on the developer's earnings page", async () => {
      await page.reload();
      await page.getByRole("heading", { name: "EUR (test payments)" }).waitFor({ timeout: 10_000 });
      return (await total(page, "Sales").textContent()) === "2";
    });
    const today = new Date().toISOString().slice(0, 10);
    const per = page.getByLabel("Per", { exact: true });
    for (const interval of ["day", "week", "month"] as const) {
      await per.selectOption(interval);
      await expect
        .poll(() => page.locator("figcaption").textContent())
        .toBe(`Earnings per ${interval} (EUR)`);
      expect(await total(page, "Earnings").textContent()).toBe("€20.00");
      expect(await total(page, "From sales").textContent()).toBe("€20.00");
      expect(await total(page, "Refunds and disputes").textContent()).toBe("€0.00");
      const bucket = interval === "month" ? today.slice(0, 7) : interval === "day" ? today : undefined;
      const chart = page.locator("figure.chart tr");
      // the chart's table for screen readers: the bucket holding today has both sales
      const last = await chart.last().textContent();
      expect(last).toContain("€20.00, 2 sales");
      if (bucket) expect(last).toContain(bucket);
      expect(await chart.count()).toBe(interval === "day" ? 31 : 13);
    }
    const byItem = page.getByRole("table", { name: "By item" });
    await expect
      .poll(() => byItem.getByRole("row", { name: /Asset tracker/ }).textContent())
      .toBe("Asset tracker2€20.00");
    await per.selectOption("day");
    await screenshot(page, "developer-earnings");

    // keyboard: the skip link first, then the menu, the page's one control reached by Tab
    await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () =>
          (globalThis as unknown as { document: { activeElement: { textContent: string } | null } }).document
            .activeElement?.textContent,
      ),
    ).toBe("Skip to content");
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press("Tab");
      if (
        await per.evaluate(
          (el) => el === (el.ownerDocument as unknown as { activeElement: unknown }).activeElement,
        )
      )
        break;
    }
    await page.keyboard.press("ArrowDown"); // day -> week
    await expect.poll(() => page.locator("figcaption").textContent()).toBe("Earnings per week (EUR)");
    await per.selectOption("day");

    // at 390 px nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page
      .locator("html")
      .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
  });

  it("says a refusal of the statements as a sentence", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "developer");
    // The real answer is replaced by a problem the API could give (the gateway never refuses its own
    // developer's statements), to see what a person reads.
    await page.route(/\/marketplace\/earnings\/statements\?/, (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/problem+json",
        body: JSON.stringify({
          type: "https://docs.example/problems/forbidden",
          title: "Forbidden",
          status: 403,
          detail: "This organisation may not read statements",
          code: "forbidden",
        }),
      }),
    );
    await go(page, "Earnings");
    await expect
      .poll(() => page.getByRole("alert").textContent())
      .toBe("This organisation may not read statements.");
    await page.context().close();
  });

  it("shows the provider's gross sales of both purchases", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "provider");
    await go(page, "Earnings");
    await until("both purchases on the provider's earnings page", async () => {
      await page.reload();
      await page.locator("dl.totals").waitFor({ timeout: 10_000 });
      return (await total(page, "Purchases").textContent()) === "2";
    });
    expect(await total(page, "Gross sales (EUR)").textContent()).toBe("€50.00");
    await page.context().close();
  });

  it("names the instance of the platform's fees from both sales for the operator", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "operator");
    await go(page, "Platform fees");
    await until("the sales' instance by name on the platform fees page", async () => {
      await page.reload();
      await page.getByRole("heading", { name: "Platform fees" }).waitFor({ timeout: 10_000 });
      return (await page.getByRole("cell", { name: "Console earnings", exact: true }).count()) === 1;
    });
    await page.context().close();
  });

  it("opens every page of every role at 1280 and 390 px: a heading, no failure but a sentence, no sideways scroll", async () => {
    const seen: string[] = [];
    for (const who of Object.keys(DEMO_NAMES) as (keyof typeof DEMO_NAMES)[]) {
      const page = await signedIn(browser, stack.gatewayUrl, who);
      const labels = await page.getByRole("navigation", { name: "Main" }).getByRole("link").allTextContents();
      expect(labels.length).toBeGreaterThan(2);
      for (const label of labels) {
        await page.setViewportSize({ width: 1280, height: 860 });
        await go(page, label);
        await expect.poll(() => page.getByText(/^Loading .*…$/).count(), { timeout: 30_000 }).toBe(0);
        const heading = await page.getByRole("heading", { level: 1 }).first().textContent();
        // The platform fees are the platform operator's: another admin reads the API's refusal.
        const alerts = await page.getByRole("alert").allTextContents();
        for (const alert of alerts) expect(alert).toMatch(/^[A-Z].*[.!?]$/);
        if (!(who === "admin" && label === "Platform fees")) expect(alerts, `${who} ${label}`).toEqual([]);
        await page.setViewportSize({ width: 390, height: 844 });
        const width = await page
          .locator("html")
          .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
        expect(width, `${who} ${label} at 390 px`).toBeLessThanOrEqual(390);
        seen.push(`${who}: ${label} (${heading})${alerts.length ? ` says “${alerts.join(" ")}”` : ""}`);
      }
      await page.context().close();
    }
    console.log(`pages opened at 1280 and 390 px:\n${seen.join("\n")}`);
    expect(seen.length).toBeGreaterThanOrEqual(16);
  });

  it("keeps the item editor usable at 1280 and 390 px, with a name of one long word in the preview", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "developer");
    await page.goto(`${stack.gatewayUrl}/console/developer/items/${itemId}`);
    const name = page.getByLabel("Display name");
    await name.fill("X".repeat(80));
    await expect.poll(() => page.locator("article.preview").textContent()).toContain("X".repeat(80));
    const inputWidth = () =>
      name.evaluate((input) => (input as unknown as { offsetWidth: number }).offsetWidth);
    // beside the preview at 1280 px the form keeps half the panel: the name does not push it aside
    expect(await inputWidth()).toBeGreaterThan(400);
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page
      .locator("html")
      .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    expect(await inputWidth()).toBeGreaterThan(250);
    await page.context().close();
  });

  it("asks for the catalogue once on a cold load, while the app's script loads, within the page's CSP", async () => {
    // a fresh context (empty cache), the provider's session in place before the page's scripts run
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
    const { token, organisationId } = stack.credentials.provider;
    const session = JSON.stringify({ token, organisationId, roles: ["provider"], label: "Demo Provider" });
    await context.addInitScript((value) => {
      (
        globalThis as unknown as { sessionStorage: { setItem(k: string, v: string): void } }
      ).sessionStorage.setItem("mp.console.session", value);
    }, session);
    const page = await context.newPage();
    const asked: string[] = [];
    const refused: string[] = [];
    let catalogueAsked: () => void = () => {};
    const firstAsk = new Promise<void>((resolve) => {
      catalogueAsked = resolve;
    });
    page.on("request", (r) => {
      if (!r.url().includes("/marketplace/marketplace-items")) return;
      asked.push(r.url());
      catalogueAsked();
    });
    // The app's script is held until the catalogue has been asked for (10 s at most), so the order below
    // does not depend on how fast a loaded machine serves a script: a page that asked only once its
    // script ran would ask after the 10 s, once the script arrived, and fail.
    await page.route(/\/console\/assets\/index-[^/]+\.js$/, async (route) => {
      await Promise.race([firstAsk, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      await route.continue();
    });
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) refused.push(m.text());
    });
    await page.goto(`${stack.gatewayUrl}/console/catalogue`);
    await page.getByText(/^\d+ items?\b/).waitFor();
    expect(refused).toEqual([]);
    expect(asked).toHaveLength(1);
    const entries = await page.evaluate(() =>
      (
        performance.getEntriesByType("resource") as unknown as {
          name: string;
          startTime: number;
          responseEnd: number;
        }[]
      ).map((r) => ({ name: r.name, startTime: r.startTime, responseEnd: r.responseEnd })),
    );
    const script = entries.find((r) => /\/console\/assets\/index-[^/]+\.js$/.test(r.name));
    const api = entries.find((r) => r.name.includes("/marketplace/marketplace-items"));
    // asked for before the app's script had arrived, not after it ran
    expect(api?.startTime).toBeLessThan(script?.responseEnd ?? 0);
    // the page's files come compressed
    const js = await page.request.get(script?.name ?? "", { headers: { "accept-encoding": "br" } });
    expect(js.headers()["content-encoding"]).toBe("br");
    // searching asks through the SDK again
    await page.getByLabel("Search apps and algorithms").fill("tracker");
    await expect.poll(() => asked.length).toBe(2);
    await page.context().close();
  });
});
