import { AppError, ConflictError, ValidationError } from "@mp/errors";
import { z } from "zod";
import {
  type Application,
  type ApplicationRelease,
  applicationReleaseSchema,
  applicationSchema,
  type Board,
  boardSchema,
  type Device,
  type DeviceAndState,
  type DeviceApplicationState,
  type DeviceApplicationUpdate,
  type DeviceApplicationUpdateAndMessage,
  type DeviceState,
  deviceAndStateSchema,
  deviceApplicationStateSchema,
  deviceApplicationUpdateAndMessageSchema,
  deviceApplicationUpdateSchema,
  deviceSchema,
  deviceStateSchema,
} from "./infuse.types";
import { InfuseHttp, type InfuseHttpOptions } from "./infuse-http";

const pendingQuerySchema = z.looseObject({
  data: z.record(z.string(), deviceApplicationUpdateAndMessageSchema),
});

/** A window of a platform list. The platform returns no totals, so `hasMore` comes from asking limit+1. */
export interface Slice<T> {
  items: T[];
  hasMore: boolean;
}

export interface Window {
  limit: number;
  offset: number;
}

/**
 * A platform id as one URL path segment: percent-encoded with nothing kept safe (as the official client
 * does), and never empty, `.` or `..`, which encoding leaves as they are and URL normalisation would
 * resolve into another path. The use cases refuse such ids first; this is the last line.
 */
export function enc(value: string): string {
  if (value === "" || value === "." || value === "..")
    throw new ValidationError({ path: [`"${value}" cannot be a path segment`] });
  return encodeURIComponent(value);
}

/** An application id as a path segment: the platform's ids are non-negative 32-bit integers. */
function appId(id: number): string {
  if (!Number.isInteger(id) || id < 0 || id > 0xffff_ffff)
    throw new ValidationError({ path: [`${id} is not an application id`] });
  return enc(String(id));
}

/**
 * Typed client of the Infuse-IoT REST API: the only code in the marketplace that talks to the platform.
 * Organisation ids always come from the caller's principal (the use cases see to that); paths are
 * URL-encoded with nothing kept safe, as the official client does. Reads are `http.getJson` plus a schema;
 * the one write (queueing an application update) is `http.postJson`, never retried.
 */
export class InfuseClient {
  private readonly http: InfuseHttp;

  constructor(options: InfuseHttpOptions) {
    this.http = new InfuseHttp(options);
  }

  breakerState() {
    return this.http.breakerState();
  }

  async listApplications(org: string, window: Window, signal?: AbortSignal): Promise<Slice<Application>> {
    return this.slice(
      `/organisation/id/${enc(org)}/applications`,
      applicationSchema,
      "Organisation",
      window,
      signal,
      {
        orderBy: "applicationId",
        orderDir: "asc",
      },
    );
  }

  async getApplication(org: string, applicationId: number, signal?: AbortSignal): Promise<Application> {
    return this.http.getJson(
      `/organisation/id/${enc(org)}/applications/${appId(applicationId)}`,
      applicationSchema,
      "IoT application",
      {},
      signal,
    );
  }

  /** Newest first (the platform's default: version, desc). */
  async listReleases(
    org: string,
    applicationId: number,
    window: Window,
    signal?: AbortSignal,
  ): Promise<Slice<ApplicationRelease>> {
    return this.slice(
      `/organisation/id/${enc(org)}/applications/${appId(applicationId)}/releases`,
      applicationReleaseSchema,
      "IoT application",
      window,
      signal,
      { orderBy: "version", orderDir: "desc" },
    );
  }

  async getRelease(org: string, applicationId: number, releaseId: string, signal?: AbortSignal) {
    return this.http.getJson(
      `/organisation/id/${enc(org)}/applications/${appId(applicationId)}/releases/${enc(releaseId)}`,
      applicationReleaseSchema,
      "IoT release",
      {},
      signal,
    );
  }

  async getBoard(id: string, signal?: AbortSignal): Promise<Board> {
    return this.http.getJson(`/board/id/${enc(id)}`, boardSchema, "Board", {}, signal);
  }

  async listDevices(org: string, window: Window, signal?: AbortSignal): Promise<Slice<Device>> {
    return this.slice("/device", deviceSchema, "Organisation", window, signal, {
      organisationId: org,
      orderBy: "createdAt",
      orderDir: "asc",
    });
  }

  async getDevice(deviceId: string, signal?: AbortSignal): Promise<Device> {
    return this.http.getJson(`/device/deviceId/${enc(deviceId)}`, deviceSchema, "Device", {}, signal);
  }

  async getDeviceState(deviceId: string, signal?: AbortSignal): Promise<DeviceState> {
    return this.http.getJson(
      `/device/deviceId/${enc(deviceId)}/state`,
      deviceStateSchema,
      "Device",
      {},
      signal,
    );
  }

  async getDeviceApplicationState(deviceId: string, signal?: AbortSignal): Promise<DeviceApplicationState> {
    return this.http.getJson(
      `/device/deviceId/${enc(deviceId)}/application/state`,
      deviceApplicationStateSchema,
      "Device",
      {},
      signal,
    );
  }

  /** The organisation's devices with their state, oldest first (`GET /device-and-state`). */
  async listDevicesAndState(
    org: string,
    window: Window,
    signal?: AbortSignal,
  ): Promise<Slice<DeviceAndState>> {
    return this.slice("/device-and-state", deviceAndStateSchema, "Organisation", window, signal, {
      organisationId: org,
      orderBy: "createdAt",
      orderDir: "asc",
    });
  }

  /**
   * Queues the device's application update to `releaseId`: `queued` with the update (201), or `current`
   * with the application state when the device already runs the release (200; nothing queued). Not
   * retried. A 409 (another update pending, or a release for another board) is `invalid-state`.
   */
  async queueApplicationUpdate(
    deviceId: string,
    releaseId: string,
    signal?: AbortSignal,
  ): Promise<
    { kind: "queued"; update: DeviceApplicationUpdate } | { kind: "current"; state: DeviceApplicationState }
  > {
    try {
      const { status, data } = await this.http.postJson<DeviceApplicationUpdate | DeviceApplicationState>(
        `/device/deviceId/${enc(deviceId)}/application/updates`,
        { releaseId },
        { 201: deviceApplicationUpdateSchema, 200: deviceApplicationStateSchema },
        "Device or IoT release",
        signal,
      );
      return status === 201
        ? { kind: "queued", update: data as DeviceApplicationUpdate }
        : { kind: "current", state: data as DeviceApplicationState };
    } catch (error) {
      if (error instanceof AppError && error.code === "internal" && /\(HTTP 409\)/.test(error.message))
        throw new ConflictError(
          "invalid-state",
          "The IoT platform refused the update: another update is pending for the device, or the release is for another board.",
          { extensions: { state: "update-refused" } },
        );
      throw error;
    }
  }

  /** One application update with its latest downlink message (the RPC record). */
  async getApplicationUpdate(
    deviceId: string,
    updateId: string,
    signal?: AbortSignal,
  ): Promise<DeviceApplicationUpdateAndMessage> {
    return this.http.getJson(
      `/device/deviceId/${enc(deviceId)}/application/updates/${enc(updateId)}`,
      deviceApplicationUpdateAndMessageSchema,
      "Application update",
      {},
      signal,
    );
  }

  /**
   * The pending update (with its latest downlink message) of each of `deviceIds` that has one
   * (`POST /device/application/updates/pending/query`), keyed by the device id as the platform spells it;
   * devices with nothing pending are left out. A read: retried like a GET.
   */
  async queryPendingApplicationUpdates(
    deviceIds: readonly string[],
    signal?: AbortSignal,
  ): Promise<Record<string, DeviceApplicationUpdateAndMessage>> {
    const { data } = await this.http.queryJson(
      "/device/application/updates/pending/query",
      { deviceIds },
      pendingQuerySchema,
      "Devices",
      signal,
    );
    return data;
  }

  /**
   * The release binary as a stream. ASSUMED route `GET /release/{releaseId}/file`: the platform documents
   * no download (devices fetch over CoAP); the simulator serves this one. See docs/infuse-iot-adapter.md.
   */
  async downloadReleaseFile(releaseId: string, signal?: AbortSignal) {
    return this.http.download(`/release/${enc(releaseId)}/file`, "IoT release binary", signal);
  }

  private async slice<T>(
    path: string,
    schema: z.ZodType<T>,
    what: string,
    window: Window,
    signal: AbortSignal | undefined,
    query: Record<string, string>,
  ): Promise<Slice<T>> {
    const rows = await this.http.getJson(
      path,
      z.array(schema),
      what,
      { ...query, limit: window.limit + 1, offset: window.offset },
      signal,
    );
    return { items: rows.slice(0, window.limit), hasMore: rows.length > window.limit };
  }
}
