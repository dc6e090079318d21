import { z } from "zod";
import {
  type Application,
  type ApplicationRelease,
  applicationReleaseSchema,
  applicationSchema,
  type Board,
  boardSchema,
  type Device,
  type DeviceApplicationState,
  type DeviceState,
  deviceApplicationStateSchema,
  deviceSchema,
  deviceStateSchema,
} from "./infuse.types";
import { InfuseHttp, type InfuseHttpOptions } from "./infuse-http";

/** A window of a platform list. The platform returns no totals, so `hasMore` comes from asking limit+1. */
export interface Slice<T> {
  items: T[];
  hasMore: boolean;
}

export interface Window {
  limit: number;
  offset: number;
}

const enc = encodeURIComponent;

/**
 * Typed client of the Infuse-IoT REST API: the only code in the marketplace that talks to the platform.
 * Organisation ids always come from the caller's principal (the use cases see to that); paths are
 * URL-encoded with nothing kept safe, as the official client does. Devices, updates and RPCs fit in the
 * same shape when they arrive (`http.getJson` plus a schema).
 */
export class InfuseClient {
  private readonly http: InfuseHttp;

  constructor(options: InfuseHttpOptions) {
    this.http = new InfuseHttp(options);
  }

  breakerState() {
    return this.http.breakerState();
  }

  listApplications(org: string, window: Window, signal?: AbortSignal): Promise<Slice<Application>> {
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

  getApplication(org: string, applicationId: number, signal?: AbortSignal): Promise<Application> {
    return this.http.getJson(
      `/organisation/id/${enc(org)}/applications/${applicationId}`,
      applicationSchema,
      "IoT application",
      {},
      signal,
    );
  }

  /** Newest first (the platform's default: version, desc). */
  listReleases(
    org: string,
    applicationId: number,
    window: Window,
    signal?: AbortSignal,
  ): Promise<Slice<ApplicationRelease>> {
    return this.slice(
      `/organisation/id/${enc(org)}/applications/${applicationId}/releases`,
      applicationReleaseSchema,
      "IoT application",
      window,
      signal,
      { orderBy: "version", orderDir: "desc" },
    );
  }

  getRelease(org: string, applicationId: number, releaseId: string, signal?: AbortSignal) {
    return this.http.getJson(
      `/organisation/id/${enc(org)}/applications/${applicationId}/releases/${enc(releaseId)}`,
      applicationReleaseSchema,
      "IoT release",
      {},
      signal,
    );
  }

  getBoard(id: string, signal?: AbortSignal): Promise<Board> {
    return this.http.getJson(`/board/id/${enc(id)}`, boardSchema, "Board", {}, signal);
  }

  listDevices(org: string, window: Window, signal?: AbortSignal): Promise<Slice<Device>> {
    return this.slice("/device", deviceSchema, "Organisation", window, signal, {
      organisationId: org,
      orderBy: "createdAt",
      orderDir: "asc",
    });
  }

  getDevice(deviceId: string, signal?: AbortSignal): Promise<Device> {
    return this.http.getJson(`/device/deviceId/${enc(deviceId)}`, deviceSchema, "Device", {}, signal);
  }

  getDeviceState(deviceId: string, signal?: AbortSignal): Promise<DeviceState> {
    return this.http.getJson(
      `/device/deviceId/${enc(deviceId)}/state`,
      deviceStateSchema,
      "Device",
      {},
      signal,
    );
  }

  getDeviceApplicationState(deviceId: string, signal?: AbortSignal): Promise<DeviceApplicationState> {
    return this.http.getJson(
      `/device/deviceId/${enc(deviceId)}/application/state`,
      deviceApplicationStateSchema,
      "Device",
      {},
      signal,
    );
  }

  /**
   * The release binary as a stream. ASSUMED route `GET /release/{releaseId}/file`: the platform documents
   * no download (devices fetch over CoAP); the simulator serves this one. See docs/infuse-iot-adapter.md.
   */
  downloadReleaseFile(releaseId: string, signal?: AbortSignal) {
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
