import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { go, screenshot, signedIn, until } from "./console-journey";
import { pngBytes } from "./images";

export interface JourneyFacts {
  itemId: string;
  /** The live preview's title before the description was saved. */
  previewTitle: string;
  /** What the page said next to the licence field for an http address (a 400 naming body.licenseUrl). */
  licenceError: string;
  priceError: string;
  iconSrc: string;
  publishedBadge: string;
  purchaseRow: string;
  installStatus: string;
  csv: string;
  csvName: string;
}

const V12 = "1.2.0+00000009";

/**
 * From scratch to a statement, all in the console: the admin opens an instance, the developer makes an
 * item of the Asset tracker application in it (description, icon, gallery, releases, price) and
 * publishes it, the admin offers it, the provider lists it, makes a checkout link for `device`, pays on
 * the Stripe stand-in's page, sees the purchase, installs the item and watches it succeed, and downloads
 * the statement as CSV.
 */
export async function runJourney(
  browser: Browser,
  gatewayUrl: string,
  input: { device: string; shop: string; name?: string },
  log: (message: string) => void = () => {},
): Promise<JourneyFacts> {
  const name = input.name ?? "Console tracker";
  // --- admin: a new instance
  const admin = await signedIn(browser, gatewayUrl, "admin");
  await admin.getByLabel("Name", { exact: true }).fill(input.shop);
  await admin.getByRole("button", { name: "Create instance" }).click();
  await admin.getByRole("heading", { name: input.shop }).waitFor();
  log("instance created");

  // --- developer: link, describe, icon, gallery, releases, price, publish
  const developer = await signedIn(browser, gatewayUrl, "developer");
  await until("the developer's instance list to name the new instance", async () => {
    await developer.reload();
    const select = developer.getByLabel("Marketplace instance", { exact: true });
    await select.selectOption({ label: input.shop }, { timeout: 2000 });
    await developer
      .getByLabel("IoT application", { exact: true })
      .selectOption({ label: "Asset tracker" }, { timeout: 2000 });
    await developer.getByRole("button", { name: "Create item" }).click();
    // publishing learns of the instance from an event: until then linking is a 404, shown as a sentence
    await developer.waitForURL(/\/developer\/items\/[0-9a-f-]{36}$/, { timeout: 3000 });
    return true;
  });
  const itemId = developer.url().split("/").at(-1) as string;
  log(`item ${itemId}`);

  await developer.getByLabel("Display name", { exact: true }).fill(name);
  await developer
    .getByLabel("Description", { exact: true })
    .fill("Follows every pallet, published from the web console.");
  const previewTitle = (await developer.locator(".preview .card-title").textContent()) ?? "";
  await developer.getByLabel("Licence URL", { exact: true }).fill("http://example.com/licence");
  await developer.getByRole("button", { name: "Save description" }).click();
  const licenceError = await fieldMessage(developer, "Licence URL");
  await developer.getByLabel("Licence URL", { exact: true }).fill("https://example.com/licence");
  await developer.getByRole("button", { name: "Save description" }).click();
  await developer.getByRole("status").filter({ hasText: "Saved." }).waitFor();
  log("description saved");

  await developer.getByLabel("Upload an icon", { exact: true }).setInputFiles({
    name: "icon.png",
    mimeType: "image/png",
    buffer: pngBytes(256, 256),
  });
  await developer.getByText("Icon saved.").waitFor();
  await developer.getByLabel("Add gallery images", { exact: true }).setInputFiles({
    name: "screen.png",
    mimeType: "image/png",
    buffer: pngBytes(640, 400),
  });
  await developer.getByRole("img", { name: "Screenshot 1" }).waitFor();
  log("icon and gallery uploaded");

  for (;;) {
    const select = developer.getByRole("button", { name: `Select ${V12}` });
    const left = await select.count();
    if (left === 0) break;
    await select.first().click();
    // The list re-renders once the selection is saved (under load, seconds later): wait for the chosen
    // release's button to go, or the next click lands on a button that is about to be replaced.
    await until(
      `the release selection to be saved (${left} left)`,
      async () => (await select.count()) < left,
    );
  }
  await developer.locator(".badge.available").first().waitFor({ timeout: 60_000 });
  log("release available");

  await developer.getByLabel("Amount", { exact: true }).fill("ten");
  await developer.getByRole("button", { name: "Set price" }).click();
  const priceError = await fieldMessage(developer, "Amount");
  await developer.getByLabel("Amount", { exact: true }).fill("10.00");
  await developer.getByRole("button", { name: "Set price" }).click();
  await developer.getByText("Current: €10.00").waitFor();
  await developer.getByRole("button", { name: "Publish" }).click();
  const badge = developer.getByRole("heading", { level: 1 }).locator(".badge");
  await until("the item to be published", async () => (await badge.textContent()) === "published", 30_000);
  const publishedBadge = (await badge.textContent()) ?? "";
  const iconSrc = (await developer.locator("img.icon").first().getAttribute("src")) ?? "";
  await screenshot(developer, "developer-item-editor");
  log("published");

  // --- admin: offer it in the instance
  await admin.getByRole("button", { name: `Offerings of ${input.shop}` }).click();
  await until("listings to let the item be offered", async () => {
    await admin.getByLabel("Published item id", { exact: true }).fill(itemId);
    await admin.getByRole("button", { name: "Offer item" }).click();
    await admin
      .getByRole("list", { name: `Offerings of ${input.shop}` })
      .getByText(itemId)
      .waitFor({ timeout: 2000 });
    return true;
  });
  await screenshot(admin, "admin-instances");
  log("offered");

  // --- provider: list, checkout link, pay, purchase, install, statement
  const provider = await signedIn(browser, gatewayUrl, "provider");
  await go(provider, "Offered items");
  const offered = provider.getByRole("form", { name: `List ${name}` });
  await until("the offered item to reach the provider", async () => {
    if (await offered.count()) return true;
    await provider.reload();
    await offered.waitFor({ timeout: 2000 });
    return true;
  });
  await offered.getByLabel("Price (EUR)", { exact: true }).fill("25.00");
  await offered.getByRole("button", { name: "List for sale" }).click();
  await provider.getByText("listed by you").first().waitFor();
  log("listed");

  await go(provider, "Listings");
  const listing = provider.getByRole("listitem").filter({ has: provider.getByRole("heading", { name }) });
  // the listing's summary carries the item's name as listings learned it from publishing's events
  await until("the listing under the item's name", async () => {
    if (await listing.count()) return true;
    await provider.reload();
    await listing.waitFor({ timeout: 2000 });
    return true;
  });
  await listing.getByText("Checkout link", { exact: true }).click();
  const device = listing.getByLabel("Device", { exact: true });
  let value = "";
  await until("the device list to name the device", async () => {
    const values = await device
      .locator("option")
      .evaluateAll((options) => options.map((o) => (o as unknown as { value: string }).value));
    value = values.find((v) => v.toLowerCase() === input.device.toLowerCase()) ?? "";
    return value !== "";
  });
  await device.selectOption(value);
  await listing.getByLabel("Buyer's email (optional)", { exact: true }).fill("buyer@example.com");
  await listing.getByRole("button", { name: "Create checkout link" }).click();
  const pay = listing.getByRole("link", { name: "Open the checkout page" });
  await pay.waitFor();
  await screenshot(provider, "provider-listings");
  await pay.click();
  await provider.getByRole("button", { name: "Pay" }).waitFor();
  await provider.getByRole("button", { name: "Pay" }).click();
  await provider.waitForURL(/\/console\/provider\/purchases\?paid=1/);
  log("paid");
  const row = provider.getByRole("row").filter({ hasText: name });
  await until(
    "the purchase to be listed",
    async () => {
      if (await row.count()) return true;
      await provider.getByRole("button", { name: "Refresh" }).click();
      await row.waitFor({ timeout: 1500 });
      return true;
    },
    60_000,
  );
  const purchaseRow = (await row.first().locator("td").allTextContents()).join(" ");
  await screenshot(provider, "provider-purchases");
  log("purchase shown");

  await go(provider, "Devices");
  await provider.getByRole("button", { name: new RegExp(`^${input.device}$`, "i") }).click();
  const install = provider.getByRole("button", { name: `Install ${V12}` });
  await install.first().click();
  const status = provider.getByRole("status").filter({ hasText: `Install of ${V12}` });
  await until(
    "the install to end",
    async () => /succeeded|failed|expired|cancelled/.test((await status.textContent()) ?? ""),
    90_000,
  );
  const installStatus = ((await status.locator(".badge").textContent()) ?? "").trim();
  await screenshot(provider, "provider-devices");
  log(`install ${installStatus}`);

  await go(provider, "Statements");
  const csvButton = provider.getByRole("button", { name: /^CSV/ }).first();
  await until("a statement with the sale", async () => {
    if (await csvButton.count()) return true;
    await provider.reload();
    await csvButton.waitFor({ timeout: 2000 });
    return true;
  });
  const [download] = await Promise.all([provider.waitForEvent("download"), csvButton.click()]);
  const csv = await readFile((await download.path()) as string, "utf8");
  await screenshot(provider, "provider-statements");
  log("statement downloaded");

  await go(provider, "Earnings");
  await provider.locator(".chart").waitFor();
  await screenshot(provider, "provider-earnings");

  for (const page of [admin, developer, provider]) await page.context().close();
  return {
    itemId,
    previewTitle,
    licenceError,
    priceError,
    iconSrc,
    publishedBadge,
    purchaseRow,
    installStatus,
    csv,
    csvName: download.suggestedFilename(),
  };
}

/** The message shown beneath a labelled field (its aria-describedby). */
async function fieldMessage(page: Page, label: string): Promise<string> {
  const id = await page.getByLabel(label, { exact: true }).getAttribute("id");
  const message = page.locator(`[id="${id}-message"].field-error`);
  await message.waitFor();
  return (await message.textContent()) ?? "";
}
