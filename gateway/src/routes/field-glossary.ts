/**
 * Members that mean the same thing wherever they appear, with a description and an example value. The
 * OpenAPI plugin gives a member without its own `.describe()` the glossary's description, and builds every
 * operation's examples from `.meta({ examples })` on a schema first, then from the glossary, then from
 * the schema's type, format and bounds. A member whose meaning depends on its object (`status`, `kind`,
 * `reason`) is described at its zod schema instead, never here.
 */
export interface GlossaryEntry {
  description?: string;
  example?: unknown;
}

const id = (what: string): GlossaryEntry => ({ description: `The ${what}'s id (guid).` });
const minor = (what: string, example: number): GlossaryEntry => ({
  description: `${what}, an integer in the currency's minor unit.`,
  example,
});

export const FIELD_GLOSSARY: Readonly<Record<string, GlossaryEntry>> = {
  // Ids of the marketplace's own records.
  id: { description: "The record's id (guid)." },
  marketplaceItemId: id("marketplace item"),
  marketplaceInstanceId: id("marketplace instance"),
  listingId: id("listing"),
  purchaseId: id("purchase"),
  installId: id("install"),
  assetId: id("asset"),
  batchId: id("statement batch"),
  organisationId: { description: "The owning organisation's id (guid, the IoT platform's organisation)." },
  ownerOrganisationId: { description: "The organisation that owns and administers the instance (guid)." },
  providerOrganisationId: { description: "The provider organisation's id (guid)." },
  developerOrganisationId: { description: "The developer organisation's id (guid)." },
  // Ids of the IoT platform.
  deviceId: { description: "The IoT device's id (16 hex characters).", example: "00112233aabbccdd" },
  applicationId: { description: "The IoT platform's application id (integer).", example: 4211 },
  infuseIotApplicationId: {
    description: "The IoT platform's id of the application the item is built from.",
    example: 4211,
  },
  releaseId: { description: "The IoT platform's release id.", example: "rel-4211-17" },
  infuseIotReleaseId: {
    description: "The IoT platform's id of the selected release.",
    example: "rel-4211-17",
  },
  rpcId: { example: "rpc-8c1f2e" },
  // Times.
  createdAt: { description: "When the record was created (UTC)." },
  updatedAt: { description: "When the record last changed (UTC)." },
  publishedAt: { description: "When the item was last published; null while never published." },
  purchasedAt: { description: "When the payment completed (UTC)." },
  queuedAt: { description: "When the install was queued (UTC)." },
  offeredAt: { description: "When the instance's admin offered the item (UTC)." },
  withdrawnAt: { description: "When the offering was withdrawn; null while active." },
  supersededAt: { description: "When a newer listing replaced this one; null for the current listing." },
  finalizedAt: { description: "When the statement was finalized; null while open." },
  paidAt: { description: "When the statement was marked paid; null until then." },
  lastSeenAt: { description: "When the IoT platform last heard from the device; null if never." },
  occurredAt: { description: "When the ledger entry happened (UTC)." },
  effectiveFrom: { description: "When this price takes effect (UTC)." },
  setAt: { description: "When this visibility was set (UTC)." },
  periodStart: { description: "Start of the bucket (UTC)." },
  // Windows and periods: a whole month, start before end, as the API requires of a request.
  periodStartUtc: {
    description: "Start of the statement period (inclusive, UTC).",
    example: "2026-03-01T00:00:00.000Z",
  },
  periodEndUtc: {
    description: "End of the statement period (exclusive, UTC).",
    example: "2026-04-01T00:00:00.000Z",
  },
  startUtc: { example: "2026-03-01T00:00:00.000Z" },
  endUtc: { example: "2026-04-01T00:00:00.000Z" },
  // Later than the other example times: an API key's expiry must lie ahead.
  expiresAt: { example: "2027-01-01T00:00:00.000Z" },
  at: { description: "When it happened (UTC)." },
  // Item presentation.
  name: { description: "Human-readable name.", example: "Field sensors" },
  displayName: { description: "The item's display name.", example: "Soil moisture monitor" },
  description: {
    description: "Longer text; may span lines.",
    example: "Reports soil moisture every ten minutes.",
  },
  algorithmType: { description: "Free-form kind of algorithm; null for apps.", example: "anomaly-detection" },
  iconUrl: { description: "The icon's short-lived GET address; null without an icon." },
  licenseUrl: { description: "Address of the item's licence; null when none." },
  eulaUrl: { description: "Address of the item's end-user licence agreement; null when none." },
  latestVersion: {
    description: "Version of the newest available release; null before any.",
    example: "1.4.0+0a1b2c3d",
  },
  version: { description: "Release version, `major.minor.revision+build`.", example: "1.4.0+0a1b2c3d" },
  images: { description: "The gallery, in display order." },
  releases: { description: "Releases available to install." },
  board: { description: "The board the device or release is for." },
  fileName: { description: "The file name given at upload; a label only.", example: "icon.png" },
  mimeType: { description: "The image's content type." },
  sizeBytes: { description: "Size of the file in bytes.", example: 48213 },
  width: { description: "Width in pixels.", example: 512 },
  height: { description: "Height in pixels.", example: 512 },
  sha256: {
    description: "Hex SHA-256 of the binary.",
    example: "9f2c4e0b7d1a3c5e8f6b2d4a1c3e5f7a9b0d2c4e6f8a1b3c5d7e9f0a2b4c6d8e",
  },
  target: { description: "The board's build target.", example: "nrf9160dk" },
  // Counts and money.
  amount: { description: "Integer amount in the currency's minor unit.", example: 1999 },
  purchaseCount: { description: "Number of purchases.", example: 3 },
  releaseCount: { description: "Number of releases selected for the item.", example: 1 },
  saleCount: { description: "Number of sales.", example: 3 },
  lineCount: { description: "Number of lines in the statement.", example: 3 },
  statementCount: { description: "Number of statements the batch created.", example: 4 },
  attemptCount: { description: "How many times the IoT platform tried to deliver the update.", example: 1 },
  grossSales: minor("Sum paid by buyers before refunds and fees", 5997),
  refunds: minor("Sum refunded to buyers", 0),
  platformFees: minor("The platform's fees", 600),
  developerCosts: minor("The developers' base prices", 2997),
  netEarnings: minor("What is left to the organisation", 2400),
  net: minor("What the statement pays the organisation", 2400),
  gross: minor("What the buyer paid", 1999),
  platformFee: minor("The platform's fee of the entry", 200),
  share: minor("The organisation's share of the entry", 800),
  basePrice: { description: "The developer's base price: what the developer earns per sale." },
  livemode: { description: "Live (`true`) or test (`false`) payment data.", example: false },
  disabled: { description: "A disabled listing cannot be bought.", example: false },
  // Lists.
  page: { example: 1 },
  pageSize: { example: 20 },
  totalCount: { example: 1 },
  totalPages: { example: 1 },
  limit: { example: 20 },
  offset: { example: 0 },
  hasMore: { example: false },
  roles: { description: "Roles the credential carries." },
  paymentReference: {
    description: "The payment processor's reference of the payment.",
    example: "pi_3PqR2sT4uV5w",
  },
  customerEmail: { example: "buyer@example.com" },
  successUrl: { example: "https://shop.example.com/paid" },
  cancelUrl: { example: "https://shop.example.com/cart" },
  url: { example: "https://objects.example.com/marketplace/object?X-Amz-Signature=abc" },
  uploadUri: { example: "https://objects.example.com/marketplace/upload?X-Amz-Signature=abc" },
  checkoutSessionId: { example: "cs_test_a1B2c3D4" },
  refundId: { example: "re_3PqR2sT4uV5w" },
  prefix: { example: "mk_test_7Hq2" },
  key: { example: "mk_test_7Hq2Xk9LmP3nR5tV8wY0zA1bC4dE6fG8hJ0kL2mN" },
  createdBy: { example: "auth0|6571c0ffee" },
  setBy: { example: "auth0|6571c0ffee" },
  crc32: { example: "1c291ca3" },
  "stripe-signature": {
    example: "t=1773480413,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  },
  month: { example: "2026-03" },
  lastRoute: {
    description: "The network route the device last reported through; null if unknown.",
    example: "lte",
  },
  "Content-Type": { description: "The content type the upload must declare." },
};
