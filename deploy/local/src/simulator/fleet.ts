import { createHash } from "node:crypto";
import type { Board } from "./api-types";
import type { Seed, SeedDevice } from "./seed";

/** The first fleet device's creation time; each next one a second later (createdAt order = number order). */
const FLEET_EPOCH = Date.UTC(2026, 1, 2, 8, 0, 0);

/**
 * `seed` plus `count` fleet devices (SIMULATOR_DEVICES), dealt round-robin over `boardIds` (default: every
 * board of the seed) and owned by each board's organisation. Ids are derived from the device's number, so
 * the same count gives the same fleet on every run: `id` `0193a5d0-dd01-7000-8000-<n, 12 digits>`,
 * `deviceId` the first 16 hex of sha256("fleet/<n>"). Each has its board's metadata fields filled
 * (`<field> <n>`), a device state with a UDP route, and has never reported an application. The seed itself
 * is not changed.
 */
export function withFleet(seed: Seed, count: number, boardIds?: readonly string[]): Seed {
  if (!Number.isInteger(count) || count < 0 || count > 1_000_000)
    throw new Error(`the fleet size must be an integer from 0 to 1000000, got ${count}`);
  const boards = boardIds
    ? boardIds.map((id) => {
        const board = seed.boards.find((b) => b.id === id.toLowerCase() || b.name === id);
        if (!board) throw new Error(`no board "${id}" in the seed`);
        return board;
      })
    : seed.boards;
  if (count > 0 && boards.length === 0) throw new Error("the seed has no board for the fleet");
  const taken = new Set(seed.devices.map((d) => d.deviceId));
  const fleet: SeedDevice[] = [];
  for (let n = 1; n <= count; n++) {
    const device = fleetDevice(n, boards[(n - 1) % boards.length]!);
    if (taken.has(device.deviceId)) throw new Error(`fleet device ${n} collides with ${device.deviceId}`);
    taken.add(device.deviceId);
    fleet.push(device);
  }
  return { ...seed, devices: [...seed.devices, ...fleet] };
}

function fleetDevice(n: number, board: Board): SeedDevice {
  const created = new Date(FLEET_EPOCH + n * 1_000).toISOString();
  const digest = createHash("sha256").update(`fleet/${n}`).digest("hex");
  const address = `10.${64 + ((n >> 16) & 0x3f)}.${(n >> 8) & 0xff}.${n & 0xff}:5684`;
  return {
    id: `0193a5d0-dd01-7000-8000-${String(n).padStart(12, "0")}`,
    deviceId: digest.slice(0, 16),
    mcuId: digest.slice(16, 32),
    boardId: board.id,
    organisationId: board.organisationId,
    metadata: Object.fromEntries(board.metadataFields.map((field) => [field.name, `${field.name} ${n}`])),
    createdAt: created,
    updatedAt: created,
    state: {
      createdAt: created,
      updatedAt: created,
      lastRouteInterface: "udp",
      lastRouteUdpAddress: address,
      lastRouteUdpTime: created,
      lastRouteTime: created,
      firstPacketTime: created,
    },
  };
}
