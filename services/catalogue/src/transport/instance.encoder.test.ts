import type { CatalogueProto } from "@mp/contracts";
import type { Instance__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/Instance";
import type { ListInstancesResponse__Output } from "@mp/contracts/generated/marketplace/catalogue/v1/ListInstancesResponse";
import { loadProto } from "@mp/grpc";
import { describe, expect, it } from "vitest";
import { encodeInstance, encodeListInstancesResponse } from "./instance.encoder";

const catalogue = loadProto<CatalogueProto>("marketplace/catalogue/v1/catalogue.proto").marketplace.catalogue
  .v1;
const service = catalogue.CatalogueService.service;
/** proto-loader's serializers (protobufjs fromObject + encode): the reference for every byte. */
const reference = {
  instance: service.GetInstance.responseSerialize as (value: Instance__Output) => Buffer,
  list: service.ListInstances.responseSerialize as (value: ListInstancesResponse__Output) => Buffer,
};

/** Equal bytes (compared as buffers; shown as hex when they differ). */
function sameBytes(ours: Buffer, theirs: Buffer): void {
  if (!ours.equals(theirs)) expect(ours.toString("hex")).toBe(theirs.toString("hex"));
}

let seed = 7;
function random(n: number): number {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  // the high bits: an LCG's low bits repeat with short periods
  return Math.floor((seed / 2 ** 31) * n);
}

const PIECES = ["a", "Z", "0", "-", " ", "é", "ß", "€", "中", "😀", "\u0000", "\n", "\u07ff", "\uffff"];
function text(maxLength: number): string {
  let out = "";
  const length = random(maxLength + 1);
  while (out.length < length) out += PIECES[random(PIECES.length)];
  return out;
}

// out of range and fractional values too: proto-loader truncates them to 32 bits (`| 0`) before encoding
const INT32S = [
  0,
  1,
  127,
  128,
  5000,
  16383,
  16384,
  2 ** 31 - 1,
  -1,
  -128,
  -(2 ** 31),
  2 ** 31,
  3e9,
  2 ** 33 + 5,
  1.5,
  -2.5,
];
function int32(): number {
  return random(2) ? (INT32S[random(INT32S.length)] as number) : random(2 ** 31) - (random(2) ? 2 ** 30 : 0);
}

function instance(maxText: number): Instance__Output {
  return {
    id: text(maxText),
    name: text(maxText),
    ownerOrganisationId: text(maxText),
    defaultCurrency: text(4),
    platformFeeBps: int32(),
    createdAt: new Date(random(2 ** 31) * 1000 + random(1000)).toISOString(),
  };
}

/** A message's fields as the loaded contract declares them: name, number, type, label. */
function declaredFields(message: unknown): string[] {
  const type = (
    message as { type: { field: { name: string; number: number; type: string; label: string }[] } }
  ).type;
  return type.field.map((f) => `${f.name} ${f.number} ${f.type} ${f.label}`);
}

describe("instance encoder", () => {
  it("knows every field the contract declares (a field added to catalogue.proto must be added to the encoder)", () => {
    expect(declaredFields(catalogue.Instance)).toEqual([
      "id 1 TYPE_STRING LABEL_OPTIONAL",
      "name 2 TYPE_STRING LABEL_OPTIONAL",
      "ownerOrganisationId 3 TYPE_STRING LABEL_OPTIONAL",
      "defaultCurrency 4 TYPE_STRING LABEL_OPTIONAL",
      "platformFeeBps 5 TYPE_INT32 LABEL_OPTIONAL",
      "createdAt 6 TYPE_STRING LABEL_OPTIONAL",
    ]);
    expect(declaredFields(catalogue.ListInstancesResponse)).toEqual([
      "items 1 TYPE_MESSAGE LABEL_REPEATED",
      "page 2 TYPE_INT32 LABEL_OPTIONAL",
      "pageSize 3 TYPE_INT32 LABEL_OPTIONAL",
      "totalCount 4 TYPE_INT32 LABEL_OPTIONAL",
      "totalPages 5 TYPE_INT32 LABEL_OPTIONAL",
    ]);
  });

  it("writes what protobufjs writes for a typical page", () => {
    const page: ListInstancesResponse__Output = {
      items: Array.from({ length: 20 }, (_, i) => ({
        id: `0193a1b2-0000-7000-8000-0000000000${String(i).padStart(2, "0")}`,
        name: `Instance ${i}`,
        ownerOrganisationId: "0193a1b2-0000-7000-8000-0000000000a1",
        defaultCurrency: "EUR",
        platformFeeBps: 250,
        createdAt: "2026-11-27T02:00:24.787Z",
      })),
      page: 1,
      pageSize: 20,
      totalCount: 100,
      totalPages: 5,
    };
    expect(encodeListInstancesResponse(page)).toEqual(reference.list(page));
  });

  it("writes what protobufjs writes for random instances and pages, short and long strings", () => {
    for (const maxText of [0, 3, 42, 43, 200, 3000]) {
      for (let i = 0; i < 60; i++) {
        const one = instance(maxText);
        sameBytes(encodeInstance(one), reference.instance(one));
        const page: ListInstancesResponse__Output = {
          items: Array.from({ length: random(maxText > 200 ? 4 : 25) }, () => instance(maxText)),
          page: int32(),
          pageSize: int32(),
          totalCount: int32(),
          totalPages: int32(),
        };
        sameBytes(encodeListInstancesResponse(page), reference.list(page));
      }
    }
  });

  it("writes lengths of every varint size (an instance over 16 KiB, one under 128 bytes)", () => {
    const huge = { ...instance(3), name: "中".repeat(20000) };
    const tiny = { ...instance(0), createdAt: "" };
    const page = { items: [tiny, huge, tiny], page: 1, pageSize: 3, totalCount: 3, totalPages: 1 };
    sameBytes(encodeListInstancesResponse(page), reference.list(page));
    sameBytes(encodeInstance(huge), reference.instance(huge));
  });

  it("skips absent fields as protobufjs does", () => {
    const sparse = { id: "x", platformFeeBps: 0 } as Instance__Output;
    expect(encodeInstance(sparse)).toEqual(reference.instance(sparse));
    const empty = { items: [] } as unknown as ListInstancesResponse__Output;
    expect(encodeListInstancesResponse(empty)).toEqual(reference.list(empty));
  });
});
