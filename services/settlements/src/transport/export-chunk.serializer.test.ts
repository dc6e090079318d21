import type { EarningsProto } from "@mp/contracts";
import { loadProto } from "@mp/grpc";
import { stringify } from "csv-stringify/sync";
import { describe, expect, it } from "vitest";
import { ChunkPool, withHeaderInPlace } from "../infra/chunk-pool";
import { CSV_CHUNK_BYTES, CSV_COLUMNS, CSV_OPTIONS, renderStatementCsv } from "../infra/export-csv";
import { exportHeaderFixture } from "../infra/export-header.fixture";
import { exportChunkSerializer, withExportChunkSerializer } from "./export-chunk.serializer";

const service = loadProto<EarningsProto>("marketplace/settlements/v1/earnings.proto").marketplace.settlements
  .v1.EarningsService.service;
const protobufjs = service.ExportStatement.responseSerialize as (m: { data: Uint8Array }) => Buffer;
const decode = service.ExportStatement.responseDeserialize as (b: Buffer) => { data: Buffer };
const serialize = exportChunkSerializer(protobufjs);

const header = exportHeaderFixture;

describe("ExportChunk serializer", () => {
  it("writes what protobufjs writes, for plain buffers and for pooled chunks of any length", () => {
    for (const length of [0, 1, 127, 128, 16_383, 16_384, 65_535, 65_536]) {
      const bytes = Buffer.alloc(length);
      for (let i = 0; i < length; i++) bytes[i] = (i * 7) & 0xff;
      expect(serialize({ data: bytes })).toEqual(protobufjs({ data: bytes }));
      const chunk = new ChunkPool(65_536).take().subarray(0, length);
      bytes.copy(chunk);
      expect(serialize({ data: chunk })).toEqual(protobufjs({ data: bytes }));
    }
    expect(serialize({ data: new Uint8Array([1, 2, 3]) })).toEqual(
      protobufjs({ data: Buffer.from([1, 2, 3]) }),
    );
    // under 1 s on an idle machine; the timeout only guards against a hang under CI's load
  }, 30_000);

  it("frames a pooled chunk in place, and the pool lends it again only after that", async () => {
    const pool = new ChunkPool(1024);
    const chunk = pool.take();
    chunk.fill(7, 0, 10);
    const framed = serialize({ data: chunk.subarray(0, 10) });
    expect(framed.buffer).toBe(chunk.buffer);
    // Not back yet in the same synchronous run: the next chunk is another one.
    expect(pool.take().buffer).not.toBe(chunk.buffer);
    await Promise.resolve();
    expect(pool.take().buffer).toBe(chunk.buffer);
    // A chunk back in its pool (or never pooled) is copied, not framed in place.
    expect(withHeaderInPlace(Buffer.alloc(10), 2)).toBeUndefined();
  });

  it("carries a CSV export's bytes unchanged while the export reuses a few chunks", async () => {
    const rows: string[][] = [];
    for (let n = 0; n < 4_000; n++)
      rows.push([
        `2026-10-01T00:00:${String(n % 60).padStart(2, "0")}.000Z`,
        "sale",
        `p-${n}`,
        `i-${n % 7}`,
        n % 5 === 0 ? `Item "${n}", quoted` : `Item ${n}`,
        `${n}`.padStart(16, "0"),
        `${1000 + n}`,
        "100",
        "400",
      ]);
    const copied = Buffer.from(stringify(rows, { record_delimiter: "unix" }), "utf8");
    async function* cut() {
      for (let at = 0; at < copied.length; at += 10_000) yield copied.subarray(at, at + 10_000);
    }
    const sum = (column: number) => rows.reduce((total, r) => total + BigInt(r[column]!), 0n).toString();
    const expected = stringify(
      [
        [...CSV_COLUMNS],
        ...rows.map((r) => [...r, "EUR"]),
        ["", "total", "", "", "", "", sum(6), sum(7), sum(8), "EUR"],
      ],
      CSV_OPTIONS,
    );
    const serializeAll = withExportChunkSerializer(service, "ExportStatement").ExportStatement!
      .responseSerialize as (m: { data: Buffer }) => Buffer;
    const received: Buffer[] = [];
    const memories = new Set<ArrayBufferLike>();
    for await (const data of renderStatementCsv(header, cut())) {
      memories.add(data.buffer);
      // As grpc-js does: serialise, then copy into the frame at once.
      received.push(decode(Buffer.from(serializeAll({ data }))).data);
    }
    expect(Buffer.concat(received).toString("utf8")).toBe(expected);
    expect(copied.length).toBeGreaterThan(4 * CSV_CHUNK_BYTES);
    // The header row's buffer, the last chunk's, and two pooled chunks used in turn (a chunk is full when
    // the next record is already written into the next one).
    expect(memories.size).toBe(4);
  });
});
