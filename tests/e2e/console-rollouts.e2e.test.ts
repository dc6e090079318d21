import { rmSync } from "node:fs";
import type { LocalStack } from "@mp/local/stack";
import { type Browser, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyForDevice, installableDevices, listedAssetTracker } from "./bought-item";
import { buildConsole, go, screenshot, signedIn, until } from "./console-journey";
import { startTestStack } from "./stack";

/**
 * The console's Rollouts page in Chromium against the launched stack: the Asset tracker published, listed
 * and bought (signed payment notifications) for two of the provider's simulated devices; the provider
 * starts a rollout over them through the form (a 400 first, shown beneath its field) and watches it reach
 * `completed` on the rollout's page without reloading. The simulated platform's clock is stopped and the
 * test settles each update only once the page shows the device in progress, so every step the page shows
 * came through the live event stream.
 */
const SECRET = "whsec_e2e_console_rollouts_000000";
const V12 = "1.2.0+00000009";
const BOUGHT = installableDevices(4);
/** The first rollout's devices, and the second's (the one paused, resumed and cancelled). */
const FIRST = BOUGHT.slice(0, 2);
const SECOND = BOUGHT.slice(2, 4);

let stack: LocalStack;
let browser: Browser;
let dist: string;
let itemId: string;
const logs: string[] = [];

/** Settles, on the simulated platform (its clock stopped), the pending update of one device. */
async function settle(deviceId: string, outcome?: "failed"): Promise<void> {
  const response = await fetch(`${stack.simulatorUrl}/__simulator/updates/advance`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ deviceId, ...(outcome ? { outcome } : {}) }),
  });
  await response.body?.cancel();
}

beforeAll(async () => {
  dist = buildConsole();
  stack = await startTestStack(logs, {
    CONSOLE_DIST: dist,
    STRIPE_WEBHOOK_SECRET: SECRET,
    SIMULATOR_TICK_MS: "0",
    INSTALL_POLL_MS: "200",
    ROLLOUT_TICK_MS: "250",
  });
  const listing = await listedAssetTracker(stack, "Console rollouts");
  itemId = listing.itemId;
  expect(BOUGHT).toHaveLength(4);
  for (const device of BOUGHT) await buyForDevice(stack, SECRET, listing.listingId, device);
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

/** Fills the form with a version and device ids, starts the rollout and waits for its page. */
async function startRollout(page: Page, deviceIds: string[], pace: Record<string, string>): Promise<void> {
  const form = page.getByRole("region", { name: "New rollout" });
  const item = form.getByLabel("Item", { exact: true });
  await until("the purchased item among the choices", async () =>
    (
      await item.locator("option").evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value))
    ).includes(itemId),
  );
  await item.selectOption(itemId);
  await form.getByLabel("Version").fill(V12);
  await form.getByLabel("These devices").check();
  await form.getByLabel("Device ids").fill(deviceIds.join("\n"));
  for (const [label, value] of Object.entries(pace)) await form.getByLabel(label).fill(value);
  await form.getByRole("button", { name: "Start rollout" }).click();
  await page.waitForURL(/\/console\/provider\/rollouts\/[0-9a-f-]{36}$/);
}

describe("the console's rollouts page", () => {
  it("starts a rollout over the purchased devices and follows it live to completed", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "provider");
    const token = stack.credentials.provider.token;
    const urls: string[] = [];
    const streamAuth: (string | undefined)[] = [];
    page.on("request", (request) => {
      urls.push(request.url());
      if (/\/rollouts\/[^/]+\/events/.test(request.url())) streamAuth.push(request.headers().authorization);
    });
    await go(page, "Rollouts");
    const form = page.getByRole("region", { name: "New rollout" });
    const item = form.getByLabel("Item", { exact: true });
    await until("the purchased item among the choices", async () =>
      (
        await item
          .locator("option")
          .evaluateAll((o) => o.map((x) => (x as unknown as { value: string }).value))
      ).includes(itemId),
    );
    await item.selectOption(itemId);
    await form.getByLabel("Version").fill(V12);
    await form.getByLabel("These devices").check();
    await form.getByLabel("Device ids").fill(FIRST.join("\n"));
    // a first wave of 0 is the API's 400 naming body.firstWave, shown beneath that input
    const firstWave = form.getByLabel("Devices in the first wave");
    await firstWave.fill("0");
    await form.getByRole("button", { name: "Start rollout" }).click();
    await expect.poll(() => firstWave.getAttribute("aria-invalid")).toBe("true");
    const describedBy = (await firstWave.getAttribute("aria-describedby")) ?? "";
    const message = (await page.locator(`[id="${describedBy}"]`).textContent()) ?? "";
    expect(message).toMatch(/\.$/);
    expect(message.length).toBeGreaterThan(3);
    // one device per wave, one at a time: two waves
    await firstWave.fill("1");
    await form.getByLabel("Growth per wave").fill("1");
    await form.getByLabel("Installs at once at most").fill("1");
    await form.getByRole("button", { name: "Start rollout" }).click();
    await page.waitForURL(/\/console\/provider\/rollouts\/[0-9a-f-]{36}$/);

    const progress = page.getByRole("region", { name: "Progress" });
    const rows = page.getByRole("table", { name: "Devices of the rollout" }).getByRole("row");
    await until(
      "the page to follow the stream",
      async () => (await page.getByText("Following live.").count()) > 0,
    );
    // The platform's clock is stopped: each device moves on only when settled here, after the page showed it
    // in progress; every change below reaches the page through the event stream (no reload).
    for (const [index, deviceId] of FIRST.entries()) {
      const row = rows.filter({ hasText: deviceId });
      await until(`${deviceId} in progress on the page`, async () =>
        ((await row.textContent()) ?? "").includes("in progress"),
      );
      await expect(progress.textContent()).resolves.toContain(`wave ${index + 1} of 2`);
      await expect(progress.textContent()).resolves.toContain("running");
      // advanced until it ends (an update goes through more than one step on the platform)
      await until(`${deviceId} succeeded on the page`, async () => {
        if (((await row.textContent()) ?? "").includes("succeeded")) return true;
        await settle(deviceId);
        return false;
      });
    }
    await until(
      "the rollout completed on the page",
      async () => ((await progress.locator(".badge").textContent()) ?? "") === "completed",
    );
    expect(await progress.getByRole("definition").allTextContents()).toEqual(["2", "0", "0", "0", "0", "0"]);
    await until("the stream's end", async () => (await page.getByText("The rollout has ended.").count()) > 0);
    await screenshot(page, "provider-rollout");
    // the stream was read with the bearer token in a header, and no address carried it
    expect(streamAuth.length).toBeGreaterThan(0);
    expect(streamAuth.every((a) => a === `Bearer ${token}`)).toBe(true);
    expect(urls.filter((u) => u.includes(token))).toEqual([]);

    // the list names it, completed; at 390 px nothing scrolls sideways
    await page.getByRole("link", { name: "All rollouts" }).click();
    const listed = page.getByRole("table", { name: "Rollouts" }).getByRole("row").nth(1);
    await until("the rollout in the list", async () =>
      ((await listed.textContent()) ?? "").includes("completed"),
    );
    await screenshot(page, "provider-rollouts");
    await page.setViewportSize({ width: 390, height: 844 });
    const width = await page
      .locator("html")
      .evaluate((html) => (html as unknown as { scrollWidth: number }).scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await page.context().close();
  }, 240_000);

  it("pauses on a failure, resumes, and cancels with an install in flight that still finishes", async () => {
    const page = await signedIn(browser, stack.gatewayUrl, "provider");
    await go(page, "Rollouts");
    await startRollout(page, SECOND, {
      "Devices in the first wave": "1",
      "Growth per wave": "1",
      "Installs at once at most": "1",
      "Pause above failed %": "0",
    });
    const progress = page.getByRole("region", { name: "Progress" });
    const badge = progress.locator(".badge");
    const rows = page.getByRole("table", { name: "Devices of the rollout" }).getByRole("row");
    const [failing, last] = SECOND as [string, string];
    const row = (deviceId: string) => rows.filter({ hasText: deviceId });
    await until("the first device in progress", async () =>
      ((await row(failing).textContent()) ?? "").includes("in progress"),
    );
    // its update fails on the platform: a threshold of 0 pauses the rollout at once
    await until("the first device failed on the page", async () => {
      if (((await row(failing).textContent()) ?? "").includes("failed")) return true;
      await settle(failing, "failed");
      return false;
    });
    await until("the rollout paused on the page", async () => (await badge.textContent()) === "paused");
    expect(await row(last).textContent()).toContain("queued");
    await page.getByRole("button", { name: "Resume" }).click();
    await until("the second device in progress after the resume", async () =>
      ((await row(last).textContent()) ?? "").includes("in progress"),
    );
    expect(await badge.textContent()).toBe("running");
    // cancelled with that install in flight: the rollout is final, the install finishes and is shown
    await page.getByRole("button", { name: "Cancel rollout" }).click();
    await until("the rollout cancelled on the page", async () => (await badge.textContent()) === "cancelled");
    expect(await page.getByRole("button", { name: "Cancel rollout" }).count()).toBe(0);
    expect(await row(last).textContent()).toContain("in progress");
    await until("the in-flight install finished on the page", async () => {
      if (((await row(last).textContent()) ?? "").includes("succeeded")) return true;
      await settle(last);
      return false;
    });
    await until("the stream's end", async () => (await page.getByText("The rollout has ended.").count()) > 0);
    await page.context().close();
  }, 240_000);
});
