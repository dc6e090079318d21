import type * as grpc from "@grpc/grpc-js";
import { loadProto } from "@mp/grpc";
import { describe, expect, it } from "vitest";
import { IDEMPOTENT_METHODS } from "./clients";

/** Where each client's service is defined: proto file and fully qualified service name. */
const SERVICES: Record<keyof typeof IDEMPOTENT_METHODS, [file: string, service: string]> = {
  catalogue: ["marketplace/catalogue/v1/catalogue.proto", "marketplace.catalogue.v1.CatalogueService"],
  catalogueItems: [
    "marketplace/catalogue/v1/catalogue_items.proto",
    "marketplace.catalogue.v1.CatalogueItemsService",
  ],
  publishing: ["marketplace/publishing/v1/publishing.proto", "marketplace.publishing.v1.PublishingService"],
  assets: ["marketplace/assets/v1/assets.proto", "marketplace.assets.v1.AssetsService"],
  publishingReleases: [
    "marketplace/publishing/v1/publishing_releases.proto",
    "marketplace.publishing.v1.PublishingReleasesService",
  ],
  listings: ["marketplace/listings/v1/listings.proto", "marketplace.listings.v1.ListingsService"],
  settlements: [
    "marketplace/settlements/v1/settlements.proto",
    "marketplace.settlements.v1.SettlementsService",
  ],
  statements: ["marketplace/settlements/v1/statements.proto", "marketplace.settlements.v1.StatementsService"],
  purchases: ["marketplace/purchases/v1/purchases.proto", "marketplace.purchases.v1.PurchasesService"],
  earnings: ["marketplace/settlements/v1/earnings.proto", "marketplace.settlements.v1.EarningsService"],
  webhooks: ["marketplace/webhooks/v1/webhooks.proto", "marketplace.webhooks.v1.WebhookEndpointsService"],
};

function unaryMethods(file: string, service: string): string[] {
  let node: unknown = loadProto(file);
  for (const part of service.split(".")) node = (node as Record<string, unknown>)[part];
  const definition = (node as { service: grpc.ServiceDefinition }).service;
  return Object.values(definition)
    .filter((method) => !method.requestStream && !method.responseStream)
    .map((method) => String(method.originalName));
}

describe("gateway clients", () => {
  it.each(Object.entries(SERVICES))(
    "retry every unary read of %s (Get*/List*) on transport failure",
    (key, [file, service]) => {
      const methods = unaryMethods(file, service);
      const reads = methods.filter((name) => /^(get|list)[A-Z]/.test(name));
      expect(methods.length).toBeGreaterThan(0);
      const listed: readonly string[] = IDEMPOTENT_METHODS[key as keyof typeof IDEMPOTENT_METHODS];
      expect(reads.filter((name) => !listed.includes(name))).toEqual([]);
      // Every name listed is a method of the service: a typo would silently disable its retries.
      expect(listed.filter((name) => !methods.includes(name))).toEqual([]);
    },
  );

  it("retry instance creations, done once per request id", () => {
    expect(IDEMPOTENT_METHODS.catalogue).toContain("createInstance");
  });

  it("retry the purchases reads and never the install write", () => {
    expect(IDEMPOTENT_METHODS.purchases).toEqual(
      expect.arrayContaining(["listDevices", "getDeviceDetails", "listPurchaseReleases", "getInstallRpc"]),
    );
    expect(IDEMPOTENT_METHODS.purchases).not.toContain("install");
  });
});
