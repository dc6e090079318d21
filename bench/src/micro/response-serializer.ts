import { randomUUID } from "node:crypto";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import {
  plainJsonSchema,
  responseSerializerCompiler,
} from "../../../gateway/src/plugins/response-serializer";
import { ListedItemPage } from "../../../gateway/src/routes/catalogue/catalogue.schemas";
import { Instance } from "../../../gateway/src/routes/instances/instances.schemas";
import { alternate } from "./alternate";

/**
 * The gateway's zod-to-fast-json-stringify bridge (`responseSerializerCompiler`) against the zod serializer
 * it stands in for (fastify-type-provider-zod: a zod parse, then `JSON.stringify`), on the same bodies: a
 * catalogue page of 20 listed items and one instance. `JSON.stringify` alone is printed beside them for
 * scale (what the instances routes' 200 uses; it does not drop unknown keys). Checks that both serializers
 * write the same JSON first.
 */
type Serialize = (data: unknown) => string;
/** A zod schema (zod itself is the gateway's dependency). */
type ZodSchema = Parameters<typeof plainJsonSchema>[0];
function compile(compiler: unknown, schema: ZodSchema): Serialize {
  const route = { schema, method: "GET", url: "/bench", httpStatus: "200" };
  return (compiler as (route: unknown) => Serialize)(route);
}

const org = randomUUID();
const instanceId = randomUUID();
function listedItem(n: number) {
  const price = { amount: 1_990 + n * 100, currency: "EUR" };
  return {
    id: randomUUID(),
    type: n % 3 ? "app" : "algorithm",
    organisationId: org,
    marketplaceInstanceId: instanceId,
    createdAt: new Date(Date.UTC(2026, 5, 1) + n * 60_000).toISOString(),
    displayName: `Conveyor vision ${n}`,
    description: n % 4 ? "Counts and sorts parcels on a conveyor belt from one overhead camera." : null,
    iconUrl: `https://cdn.example.test/icons/${n}.png`,
    images: [0, 1].map((position) => ({
      assetId: randomUUID(),
      position,
      url: `https://cdn.example.test/images/${n}-${position}.png`,
      width: 1280,
      height: 720,
      mimeType: "image/png",
    })),
    licenseUrl: null,
    eulaUrl: "https://example.test/eula",
    latestVersion: "1.4.0+0a1b2c3d",
    fromPrice: price,
    listings: [{ listingId: randomUUID(), providerOrganisationId: randomUUID(), price }],
  };
}

const bodies = [
  {
    title: "Catalogue page of 20 listed items (200 of GET /marketplace/catalogue/items)",
    schema: ListedItemPage as ZodSchema,
    body: {
      items: Array.from({ length: 20 }, (_, n) => listedItem(n)),
      page: 1,
      pageSize: 20,
      totalCount: 240,
      totalPages: 12,
    },
  },
  {
    title: "One instance (Instance schema)",
    schema: Instance as ZodSchema,
    body: {
      id: instanceId,
      name: "Riverside fulfilment centre",
      ownerOrganisationId: org,
      defaultCurrency: "EUR",
      platformFeeBps: 1500,
      createdAt: "2026-06-01T08:00:00.000Z",
    },
  },
];

const rounds = Number(process.argv[2] ?? 30);
for (const { title, schema, body } of bodies) {
  if (!plainJsonSchema(schema)) throw new Error(`the bridge leaves ${title} to zod`);
  const bridge = compile(responseSerializerCompiler, schema);
  const zod = compile(zodSerializerCompiler, schema);
  if (bridge(body) !== zod(body)) throw new Error(`the serializers differ on ${title}`);
  const small = JSON.stringify(body).length < 2_000;
  await alternate(
    title,
    [
      { name: "bridge (fast-json-stringify)", run: () => bridge(body) },
      { name: "zod serializer (fastify-type-provider-zod)", run: () => zod(body) },
      { name: "JSON.stringify alone (for scale)", run: () => JSON.stringify(body) },
    ],
    { rounds, ops: small ? 20_000 : 2_000, allocOps: small ? 2_000 : 200 },
  );
}
