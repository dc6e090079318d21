/**
 * The Infuse-IoT REST API's JSON models as the simulator emits them (camelCase; optional fields are left
 * out, never null), after the models of the platform's OpenAPI document (https://api.infuse-iot.com/docs).
 * Kept apart from the seed so the wire shapes are reviewable against that document in one place.
 */

export interface Organisation {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
}

export interface Application {
  /** 32-bit id chosen by the uploader, unique within the organisation only. */
  id: number;
  name: string;
  description: string;
  organisationId: string;
  createdAt: string;
  updatedAt: string;
}

export interface ApplicationVersion {
  major: number;
  minor: number;
  revision: number;
  buildNum: number;
}

export interface ApplicationReleaseFileStats {
  coapPath: string;
  /** Size in bytes of the image served by `GET /release/{id}/file`. */
  len: number;
  /** CRC32 (zlib) of the same bytes. */
  crc: number;
  diffLen: number;
}

export interface ApplicationRelease {
  /** Opaque, globally unique. */
  id: string;
  applicationId: number;
  organisationId: string;
  file: ApplicationReleaseFileStats;
  version: ApplicationVersion;
  boardId: string;
  boardTarget: string;
  /** Upper-case CRC, as the real API spells it here (but not in DeviceApplicationState). */
  boardTargetCRC: number;
  createdAt: string;
  updatedAt: string;
}

export interface MetadataField {
  name: string;
  required: boolean;
  unique: boolean;
}

export interface Board {
  id: string;
  name: string;
  description: string;
  soc: string;
  organisationId: string;
  public: boolean;
  metadataFields: MetadataField[];
  createdAt: string;
  updatedAt: string;
}

export interface Device {
  id: string;
  /** 16 lowercase hex characters. */
  deviceId: string;
  mcuId: string;
  boardId: string;
  organisationId: string;
  metadata: Record<string, string>;
  createdAt: string;
  updatedAt: string;
}

export type RouteType = "udp" | "serial" | "hci" | "bt_adv" | "bt_peripheral" | "bt_central" | "unknown";

export interface UplinkRoute {
  interface: RouteType;
  interfaceData: { sequence?: number };
  udp?: { address: string; time: string };
}

export interface DeviceState {
  createdAt: string;
  updatedAt: string;
  applicationId?: number;
  applicationVersion?: ApplicationVersion;
  algorithms?: { id: number; version: number }[];
  lastRouteInterface?: RouteType;
  lastRouteUdpAddress?: string;
  lastRouteUdpTime?: string;
  lastRoute?: UplinkRoute;
  lastRouteTime?: string;
  firstPacketTime?: string;
}

export interface DeviceApplicationState {
  applicationId: number;
  version: ApplicationVersion;
  lastReportedTime: string;
  /** Lower-case "Crc" here, unlike ApplicationRelease.boardTargetCRC. */
  boardTargetCrc?: number;
  releaseId?: string;
}

export type DeviceApplicationUpdateStatus = "pending" | "success" | "failed" | "cancelled";

export interface DeviceApplicationUpdate {
  id: string;
  releaseId: string;
  status: DeviceApplicationUpdateStatus;
  attemptCount: number;
  createdAt: string;
  updatedAt: string;
  lastError?: string;
  lastAttemptAt?: string;
  downlinkMessageId?: string;
  completedAt?: string;
}

export type DownlinkMessageStatus = "waiting" | "sent" | "completed";

export interface RpcReq {
  requestId: number;
  commandId: number;
  params?: Record<string, unknown>;
  paramsEncoded?: string;
  dataHeader?: { size: number; rxAckPeriod: number };
  route?: { interface: RouteType; interfaceData: { sequence?: number }; udp?: { address: string } };
}

export interface RpcRsp {
  route: UplinkRoute;
  returnCode: number;
  params?: Record<string, unknown>;
}

export interface DownlinkMessage {
  id: string;
  createdAt: string;
  updatedAt: string;
  /** The device's internal UUID, not the hex DeviceID. */
  deviceId: string;
  payloadType: number;
  auth: number;
  rpcReq: RpcReq;
  status: DownlinkMessageStatus;
  rpcRsp?: RpcRsp;
  sendWaitTimeoutMs?: number;
  sentAt?: string;
  expiresAt?: string;
  completedAt?: string;
}

/** The platform's error body; `code` repeats the HTTP status. */
export interface ApiErrorBody {
  code: number;
  message: string;
}
