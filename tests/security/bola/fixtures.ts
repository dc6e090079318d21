import type { Operation } from "../openapi/document";
import type { Owned } from "./owned-resources";

/**
 * Which of A's resources each path parameter names, keyed by the path up to and including the
 * parameter: `/marketplace/developers/marketplace-items/{id}` covers every operation below that prefix,
 * so a new operation on an item needs no entry. A path parameter with no entry fails the matrix with a
 * message saying which key to add.
 */
export const PATH_FIXTURES: Record<string, (owned: Owned) => string> = {
  "/assets/{assetId}": (o) => o.pendingAsset,
  "/marketplace/api-keys/{id}": (o) => o.apiKey,
  "/marketplace/developers/infuse-iot/applications/{applicationId}": (o) => String(o.applicationId),
  "/marketplace/developers/marketplace-items/{id}": (o) => o.item,
  "/marketplace/developers/marketplace-items/{id}/images/{assetId}": (o) => o.gallery[0],
  "/marketplace/instances/{id}": (o) => o.instance,
  "/marketplace/marketplace-items/{id}": (o) => o.item,
  "/marketplace/marketplace-items/{marketplaceItemId}": (o) => o.listedItem,
  "/marketplace/marketplace-items/{marketplaceItemId}/downloads/{version}": (o) => o.listedVersion,
  "/marketplace/providers/marketplace-items/{id}": (o) => o.item,
  "/marketplace/instances/{instanceId}": (o) => o.instance,
  "/marketplace/instances/{instanceId}/offerings/{offeringId}": (o) => o.offering,
  "/marketplace/providers/listings/{marketplaceItemId}": (o) => o.listedItem,
  "/marketplace/providers/listings/{id}": (o) => o.listing,
  "/marketplace/providers/devices/{deviceId}": (o) => o.device,
  "/marketplace/providers/devices/{deviceId}/purchases/{marketplaceItemId}": (o) => o.listedItem,
  "/marketplace/providers/rpc/{rpcId}": (o) => o.rpc,
  "/marketplace/providers/purchases/{purchaseId}": (o) => o.purchase,
  "/marketplace/earnings/statements/{statementId}": (o) => o.statement,
  "/marketplace/earnings/statements/{id}": (o) => o.statement,
  "/marketplace/webhook-endpoints/{id}": (o) => o.webhookEndpoint,
  "/marketplace/webhook-endpoints/{id}/deliveries/{deliveryId}": (o) => o.webhookDelivery,
};

/**
 * Query parameters that name an organisation's resource and scope what an answer holds. Instances are
 * shared, so `marketplaceInstanceId` only narrows a list; the answer must still hold none of A's rows.
 */
export const QUERY_FIXTURES: Record<string, (owned: Owned) => string> = {
  marketplaceInstanceId: (o) => o.instance,
  deviceId: (o) => o.device,
  // B holds admin, but only the platform operator lists another organisation's statements: B naming A's
  // organisation gets 403 (OWN_ORGANISATION_ONLY).
  organisationId: (o) => o.organisationId,
  // A has no batch (closing a period is an admin's platform-wide act the suite does not make): a guid of
  // none narrows B's list to nothing.
  batchId: () => "0193a5d0-ba7c-7000-8000-000000000000",
};

/** Query parameters that name owned data but have no fixture yet: only pending operations may use them. */
export const OWNED_QUERY_PARAMETERS = new Set([
  "marketplaceInstanceId",
  "marketplaceItemId",
  "deviceId",
  "organisationId",
  "batchId",
]);

/**
 * Bodies that name A's resources, by operation, so the request is one A itself could make: the only
 * thing wrong with B's request is who sends it. Operations not listed send the schema's example body.
 */
export const BODY_FIXTURES: Record<string, (owned: Owned) => unknown> = {
  finaliseAsset: (o) => ({ assetId: o.pendingAsset, sizeBytes: 1024, width: 256, height: 256 }),
  createMarketplaceItem: (o) => ({ marketplaceInstanceId: o.instance }),
  setItemIcon: (o) => ({ assetId: o.icon }),
  addItemImage: (o) => ({ assetId: o.spareImage }),
  orderItemImages: (o) => ({ assetIds: [o.gallery[1], o.gallery[0]] }),
  selectItemRelease: (o) => ({ releaseId: o.iotRelease }),
  appendItemMetadata: () => ({ displayName: "Written by B" }),
  setItemBasePrice: () => ({ amount: 1, currency: "EUR" }),
  createOffering: (o) => ({ marketplaceItemId: o.listedItem }),
  createListing: (o) => ({ marketplaceInstanceId: o.instance, price: { amount: 3000, currency: "EUR" } }),
  setListingVisibility: () => ({ visibility: "public" }),
  installPurchase: (o) => ({ version: o.listedVersion }),
  createCheckoutSession: (o) => ({
    marketplaceInstanceId: o.instance,
    deviceId: o.device,
    successUrl: "https://shop.example/paid",
    cancelUrl: "https://shop.example/cancelled",
  }),
  createRefund: () => ({ amount: 1 }),
  updateWebhookEndpoint: () => ({ description: "Written by B" }),
};

/**
 * Operations whose resource every organisation may read, with the reason: the only answers besides 404
 * (or 501) the matrix accepts from B.
 */
export const SHARED: Record<string, string> = {
  getInstance:
    "an instance is a marketplace every organisation works in: developers link items into an admin's instance and providers list in it",
  createListing:
    "every provider may list an item an instance's admin offered: B's request makes B's own listing, A's stays untouched",
  getDownloadAccess:
    "the item is public (listed) and the answer is about the caller's own organisation: B, not owning A's device, learns only `not-device-owner`, the answer for any device B does not own, and never a download",
  listListingHistory:
    "the history is the caller's own superseded listings of an item every provider may list: B sees its own (none), never A's",
};

/**
 * Operations only the platform operator may call (an admin of settlements' `PLATFORM_ORGANISATION_ID`),
 * with the reason. B, an admin of another organisation, gets 403 `forbidden` and none of A's data; A's
 * own control call is made with the operator's token, the only one that reaches the resource.
 */
export const OPERATOR_ONLY: Record<string, string> = {
  markStatementPaid:
    "the platform operator pays every organisation's finalized statements; no other admin pays any",
  listPlatformFees:
    "the platform's fees across every instance are the operator's view, not an instance owner's",
};

/**
 * Lists scoped to the caller's own organisation, with the reason: naming another organisation in the
 * query is 403 `forbidden` for everyone but the platform operator, admins of other organisations included.
 */
export const OWN_ORGANISATION_ONLY: Record<string, string> = {
  listStatements: "an organisation's statements are its own; only the platform operator lists another's",
};

/**
 * Operations that show only what is public (a listed or offered item), to every organisation alike, with
 * the reason. A's item is a draft, neither offered nor listed: such an operation must answer 404 to A as
 * to B, which shows it is not scoped to the owner and that an unlisted item reaches no one.
 */
export const PUBLIC_VIEWS: Record<string, string> = {
  getListedItem:
    "the catalogue shows listed items to every caller and an unlisted item to none, its developer included",
  getOfferedItem:
    "offered items are the same for every provider; an item never offered is offered to no one, its developer included",
};

/** The prefix key of `parameter` in `template`, e.g. `/marketplace/instances/{instanceId}`. */
export function fixtureKey(template: string, parameter: string): string {
  const marker = `{${parameter}}`;
  return template.slice(0, template.indexOf(marker) + marker.length);
}

/** A's value for each path parameter of `operation`, or the keys a test author must add. */
export function pathValues(
  operation: Operation,
  owned: Owned,
): { values: Record<string, string>; missing: string[] } {
  const values: Record<string, string> = {};
  const missing: string[] = [];
  for (const parameter of operation.parameters.filter((p) => p.in === "path")) {
    const key = fixtureKey(operation.template, parameter.name);
    const fixture = PATH_FIXTURES[key];
    if (fixture) values[parameter.name] = fixture(owned);
    else missing.push(key);
  }
  return { values, missing };
}
