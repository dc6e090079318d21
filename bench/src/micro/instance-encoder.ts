import { randomUUID } from "node:crypto";
import type { CatalogueProto } from "@mp/contracts";
import type { Instance__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Instance";
import type { ListInstancesResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListInstancesResponse";
import { loadProto } from "@mp/grpc";
import {
  encodeInstance,
  encodeListInstancesResponse,
} from "../../../services/catalogue/src/transport/instance.encoder";
import { alternate } from "./alternate";

/**
 * The catalogue's hand-written `Instance` encoder against proto-loader's serializer (protobufjs fromObject +
 * encode, what grpc-js would use without it), on the same messages: one instance, and instance pages of 20
 * and 100 items. Checks that both write the same bytes first.
 */
const service = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue.v1
  .CatalogueService.service;
const library = {
  instance: service.GetInstance.responseSerialize as (value: Instance__Output) => Buffer,
  list: service.ListInstances.responseSerialize as (value: ListInstancesResponse__Output) => Buffer,
};

function instance(n: number): Instance__Output {
  return {
    id: randomUUID(),
    name: `Riverside fulfilment centre ${n}`,
    ownerOrganisationId: randomUUID(),
    defaultCurrency: "EUR",
    platformFeeBps: 1500,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString(),
  };
}

function page(size: number): ListInstancesResponse__Output {
  const items = Array.from({ length: size }, (_, n) => instance(n));
  return { items, page: 1, pageSize: size, totalCount: 1_234, totalPages: Math.ceil(1_234 / size) };
}

const rounds = Number(process.argv[2] ?? 30);
const one = instance(1);
if (!encodeInstance(one).equals(library.instance(one))) throw new Error("the encoders differ on an instance");
await alternate(
  "Instance (GetInstance answer)",
  [
    { name: "hand-written encoder", run: () => encodeInstance(one) },
    { name: "proto-loader (protobufjs)", run: () => library.instance(one) },
  ],
  { rounds, ops: 20_000, allocOps: 2_000 },
);
for (const size of [20, 100]) {
  const list = page(size);
  if (!encodeListInstancesResponse(list).equals(library.list(list)))
    throw new Error(`the encoders differ on a page of ${size}`);
  await alternate(
    `ListInstances page of ${size}`,
    [
      { name: "hand-written encoder", run: () => encodeListInstancesResponse(list) },
      { name: "proto-loader (protobufjs)", run: () => library.list(list) },
    ],
    { rounds, ops: 40_000 / size, allocOps: 4_000 / size },
  );
}
