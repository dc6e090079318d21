import { createHash, randomUUID } from "node:crypto";
import type {
  Application,
  Board,
  DeviceApplicationState,
  DeviceApplicationUpdate,
  DeviceState,
  DownlinkMessage,
  Organisation,
  RpcReq,
} from "./api-types";
import { ApiError, notFound } from "./http-kit";
import { releaseBytes, type SeedRelease } from "./release-binary";
import { applicationStateFor, type Seed, type SeedDevice } from "./seed";

/** The RPC a queued update sends: Infuse's `coap_download` of the release image into the app slot. */
export const COAP_DOWNLOAD_COMMAND_ID = 30;
const FAILURE_MESSAGE = "coap_download failed: image rejected by the bootloader (-EIO)";

export interface RpcRecord {
  id: string;
  createdAt: string;
  downlinkMessageId: string;
  deviceUuid: string;
}

export type Outcome = "success" | "failed";

/** How installs end besides flagged devices: this share fails, decided by a hash of `randomSeed`. */
export interface FailureRate {
  installFailureRate: number;
  randomSeed: string;
}

/**
 * The simulator's mutable state, built from a copy of the seed. Updates are the only moving part:
 * each is `pending` with a downlink message that the clock moves waiting -> sent -> completed, the update
 * settling `success` (the device then reports the release) or `failed` (flagged devices) at completion.
 */
export class World {
  readonly organisations: Organisation[];
  readonly boards: Board[];
  readonly applications: Application[];
  readonly releases = new Map<string, SeedRelease>();
  readonly devices: SeedDevice[];
  readonly byUuid = new Map<string, SeedDevice>();
  readonly byDeviceId = new Map<string, SeedDevice>();
  readonly updates = new Map<string, DeviceApplicationUpdate>();
  private readonly updateDevice = new Map<string, SeedDevice>();
  /** Each device's updates in creation order (a fleet of thousands must not scan every update). */
  private readonly deviceUpdates = new Map<SeedDevice, DeviceApplicationUpdate[]>();
  readonly rpcs = new Map<string, RpcRecord>();
  readonly messages = new Map<string, DownlinkMessage>();
  private readonly messageUpdate = new Map<string, DeviceApplicationUpdate>();
  private readonly files = new Map<string, Buffer>();
  private requestId = 1;

  constructor(
    seed: Seed,
    readonly now: () => string = () => new Date().toISOString(),
    private readonly failures: FailureRate = { installFailureRate: 0, randomSeed: "" },
  ) {
    const copy = structuredClone(seed);
    this.organisations = copy.organisations;
    this.boards = copy.boards;
    this.applications = copy.applications;
    for (const release of copy.releases) this.releases.set(release.id, release);
    this.devices = copy.devices;
    for (const device of copy.devices) {
      this.byUuid.set(device.id.toLowerCase(), device);
      this.byDeviceId.set(device.deviceId.toLowerCase(), device);
    }
  }

  /**
   * A device registered on the platform after start-up (tests give an organisation a device of its own):
   * `deviceId` 16 hex characters, unused; the organisation and the board must exist.
   */
  addDevice(input: { deviceId: string; organisationId: string; boardId: string }): SeedDevice {
    const deviceId = input.deviceId.toLowerCase();
    if (!/^[0-9a-f]{16}$/.test(deviceId)) throw new ApiError(400, "deviceId must be 16 hex characters");
    if (this.byDeviceId.has(deviceId)) throw new ApiError(409, "deviceId already exists");
    const organisationId = this.organisation(input.organisationId).id;
    const boardId = this.board(input.boardId).id;
    const now = this.now();
    const device: SeedDevice = {
      id: randomUUID(),
      deviceId,
      mcuId: deviceId,
      boardId,
      organisationId,
      metadata: {},
      createdAt: now,
      updatedAt: now,
      state: { createdAt: now, updatedAt: now },
    };
    this.devices.push(device);
    this.byUuid.set(device.id, device);
    this.byDeviceId.set(deviceId, device);
    return device;
  }

  organisation(id: string): Organisation {
    const org = this.organisations.find((o) => o.id === id.toLowerCase());
    if (!org) throw notFound("organisation");
    return org;
  }

  application(orgId: string, rawAppId: string): Application {
    this.organisation(orgId);
    if (!/^\d+$/.test(rawAppId)) throw new ApiError(400, "applicationId must be an integer");
    const app = this.applications.find(
      (a) => a.organisationId === orgId.toLowerCase() && a.id === Number(rawAppId),
    );
    if (!app) throw notFound("application");
    return app;
  }

  board(id: string): Board {
    const board = this.boards.find((b) => b.id === id.toLowerCase());
    if (!board) throw notFound("board");
    return board;
  }

  /** The image bytes a release advertises in `file` (generated once per world, up to 96 KiB). */
  releaseFile(id: string): Buffer {
    const release = this.release(id);
    let bytes = this.files.get(release.id);
    if (!bytes) {
      bytes = releaseBytes(release);
      this.files.set(release.id, bytes);
    }
    return bytes;
  }

  release(id: string): SeedRelease {
    const release = this.releases.get(id);
    if (!release) throw notFound("release");
    return release;
  }

  device(deviceId: string): SeedDevice {
    const device = this.byDeviceId.get(deviceId.toLowerCase());
    if (!device) throw notFound("device");
    return device;
  }

  deviceByUuid(id: string): SeedDevice {
    const device = this.byUuid.get(id.toLowerCase());
    if (!device) throw notFound("device");
    return device;
  }

  updatesOf(device: SeedDevice): DeviceApplicationUpdate[] {
    return [...(this.deviceUpdates.get(device) ?? [])];
  }

  pendingOf(device: SeedDevice): DeviceApplicationUpdate | undefined {
    return this.deviceUpdates.get(device)?.find((u) => u.status === "pending");
  }

  /**
   * Queues an update (201) unless the device already runs the release (200 with its state). A release for
   * another board is 409, as is a second update while one is pending (the platform documents a 409 here
   * without saying why; these are the simulator's two readings of it).
   */
  queueUpdate(
    device: SeedDevice,
    releaseId: string,
  ): { status: 201; update: DeviceApplicationUpdate } | { status: 200; state: DeviceApplicationState } {
    const release = this.release(releaseId);
    if (device.applicationState?.releaseId === release.id)
      return { status: 200, state: device.applicationState };
    if (release.boardId !== device.boardId) {
      throw new ApiError(
        409,
        `release ${release.id} is built for board ${release.boardId}, not the device's`,
      );
    }
    if (this.pendingOf(device))
      throw new ApiError(409, "an application update is already pending for this device");
    const now = this.now();
    const { file } = release;
    const params = {
      resource: file.coapPath,
      action: "APP_IMG",
      length: String(file.len),
      crc: String(file.crc),
    };
    const rpc = this.createRpc(device, { commandId: COAP_DOWNLOAD_COMMAND_ID, params }, 600_000);
    const update: DeviceApplicationUpdate = {
      id: randomUUID(),
      releaseId: release.id,
      status: "pending",
      attemptCount: 1,
      createdAt: now,
      updatedAt: now,
      lastAttemptAt: now,
      downlinkMessageId: rpc.downlinkMessageId,
    };
    this.updates.set(update.id, update);
    this.updateDevice.set(update.id, device);
    const ofDevice = this.deviceUpdates.get(device);
    if (ofDevice) ofDevice.push(update);
    else this.deviceUpdates.set(device, [update]);
    this.messageUpdate.set(rpc.downlinkMessageId, update);
    return { status: 201, update };
  }

  /** Stops further attempts of the pending update; a message already sent is not recalled (as documented). */
  cancel(device: SeedDevice): DeviceApplicationUpdate | undefined {
    const pending = this.pendingOf(device);
    if (!pending) return undefined;
    pending.status = "cancelled";
    pending.updatedAt = this.now();
    return pending;
  }

  /** Creates an RPC record and its downlink message; `waiting` until the clock or a control call moves it. */
  createRpc(device: SeedDevice, req: Omit<RpcReq, "requestId">, sendWaitTimeoutMs?: number): RpcRecord {
    const message = this.newMessage(device, req, sendWaitTimeoutMs);
    const rpc: RpcRecord = {
      id: randomUUID(),
      createdAt: message.createdAt,
      downlinkMessageId: message.id,
      deviceUuid: device.id,
    };
    this.rpcs.set(rpc.id, rpc);
    return rpc;
  }

  private newMessage(
    device: SeedDevice,
    req: Omit<RpcReq, "requestId">,
    sendWaitTimeoutMs?: number,
  ): DownlinkMessage {
    const now = this.now();
    const message: DownlinkMessage = {
      id: randomUUID(),
      createdAt: now,
      updatedAt: now,
      deviceId: device.id,
      payloadType: 3,
      auth: 2,
      rpcReq: { requestId: this.requestId++, ...req },
      status: "waiting",
    };
    if (sendWaitTimeoutMs) {
      message.sendWaitTimeoutMs = sendWaitTimeoutMs;
      message.expiresAt = new Date(Date.parse(now) + sendWaitTimeoutMs).toISOString();
    }
    this.messages.set(message.id, message);
    return message;
  }

  /** One clock step: every live message moves on by one status; completing one settles its update. */
  tick(): void {
    for (const message of this.messages.values()) {
      const update = this.messageUpdate.get(message.id);
      if (update && update.status !== "pending") continue;
      if (message.status === "waiting") this.send(message);
      else if (message.status === "sent") this.complete(message, update ? this.outcomeOf(update) : "success");
    }
  }

  /**
   * Settles pending updates at once (control endpoint): all of them, one device's, or one update, with the
   * given outcome or the device's default (failed when flagged). Returns the updates it settled.
   */
  advance(filter: { deviceId?: string; updateId?: string; outcome?: Outcome }): DeviceApplicationUpdate[] {
    const device = filter.deviceId === undefined ? undefined : this.device(filter.deviceId);
    const settled: DeviceApplicationUpdate[] = [];
    for (const update of this.updates.values()) {
      if (update.status !== "pending") continue;
      if (device && this.updateDevice.get(update.id) !== device) continue;
      if (filter.updateId !== undefined && update.id !== filter.updateId) continue;
      const message = update.downlinkMessageId ? this.messages.get(update.downlinkMessageId) : undefined;
      if (message?.status === "waiting") this.send(message);
      if (message) this.complete(message, filter.outcome ?? this.outcomeOf(update));
      settled.push(update);
    }
    if (filter.updateId !== undefined && settled.length === 0) throw notFound("pending update");
    return settled;
  }

  /**
   * Flagged devices always fail; otherwise the update fails when a hash of (random seed, device, the
   * update's number among the device's updates) falls under the failure rate: the same seed and the same
   * installs give the same outcomes in any order, and about that share of installs fail.
   */
  private outcomeOf(update: DeviceApplicationUpdate): Outcome {
    const device = this.updateDevice.get(update.id);
    if (device?.failUpdates) return "failed";
    const rate = this.failures.installFailureRate;
    if (!device || rate <= 0) return "success";
    const nth = this.deviceUpdates.get(device)?.indexOf(update) ?? 0;
    const digest = createHash("sha256")
      .update(`${this.failures.randomSeed}/${device.deviceId}/${nth}`)
      .digest();
    return digest.readUInt32BE(0) / 0x1_0000_0000 < rate ? "failed" : "success";
  }

  private send(message: DownlinkMessage): void {
    const now = this.now();
    const device = this.deviceByUuid(message.deviceId);
    message.status = "sent";
    message.sentAt = now;
    message.updatedAt = now;
    const address = device.state.lastRouteUdpAddress ?? "10.20.0.254:5684";
    message.rpcReq.route = { interface: "udp", interfaceData: {}, udp: { address } };
  }

  private complete(message: DownlinkMessage, outcome: Outcome): void {
    const now = this.now();
    const device = this.deviceByUuid(message.deviceId);
    const address = device.state.lastRouteUdpAddress ?? "10.20.0.254:5684";
    message.status = "completed";
    message.completedAt = now;
    message.updatedAt = now;
    message.rpcRsp = {
      route: {
        interface: "udp",
        interfaceData: { sequence: message.rpcReq.requestId },
        udp: { address, time: now },
      },
      returnCode: outcome === "success" ? 0 : -5,
    };
    touchRoute(device.state, address, now);
    const update = this.messageUpdate.get(message.id);
    if (update?.status !== "pending") return;
    update.status = outcome;
    update.updatedAt = now;
    update.completedAt = now;
    if (outcome === "failed") {
      update.lastError = FAILURE_MESSAGE;
      return;
    }
    const release = this.releases.get(update.releaseId);
    if (!release) return;
    device.applicationState = applicationStateFor(release, now);
    device.state.applicationId = release.applicationId;
    device.state.applicationVersion = { ...release.version };
  }
}

function touchRoute(state: DeviceState, address: string, now: string): void {
  state.updatedAt = now;
  state.lastRouteInterface = "udp";
  state.lastRouteUdpAddress = address;
  state.lastRouteUdpTime = now;
  state.lastRouteTime = now;
}
