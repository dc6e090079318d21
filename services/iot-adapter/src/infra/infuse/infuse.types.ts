import { z } from "zod";

/**
 * Response models of the Infuse-IoT REST API (reference: the generated python client). Objects are loose:
 * unknown extra fields are tolerated, as the official client does; optional fields are absent, never null.
 * Enum-like strings are kept as plain strings so a new platform status cannot break a read.
 */
const dt = z.string().min(1);
const uuid = z.string().min(1);

export const organisationSchema = z.looseObject({ id: uuid, name: z.string(), createdAt: dt, updatedAt: dt });
export type Organisation = z.infer<typeof organisationSchema>;

export const applicationSchema = z.looseObject({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  organisationId: uuid,
  createdAt: dt,
  updatedAt: dt,
});
export type Application = z.infer<typeof applicationSchema>;

export const releaseVersionSchema = z.looseObject({
  major: z.number().int().nonnegative(),
  minor: z.number().int().nonnegative(),
  revision: z.number().int().nonnegative(),
  buildNum: z.number().int().nonnegative(),
});
export type ReleaseVersion = z.infer<typeof releaseVersionSchema>;

export const releaseFileStatsSchema = z.looseObject({
  coapPath: z.string(),
  len: z.number().int().nonnegative(),
  crc: z.number().int().nonnegative(),
  diffLen: z.number().int().nonnegative(),
});

export const applicationReleaseSchema = z.looseObject({
  id: z.string().min(1),
  applicationId: z.number().int(),
  organisationId: uuid,
  file: releaseFileStatsSchema,
  version: releaseVersionSchema,
  boardId: uuid,
  boardTarget: z.string(),
  boardTargetCRC: z.number().int(),
  createdAt: dt,
  updatedAt: dt,
});
export type ApplicationRelease = z.infer<typeof applicationReleaseSchema>;

export const boardSchema = z.looseObject({
  id: uuid,
  name: z.string(),
  description: z.string(),
  soc: z.string(),
  organisationId: uuid,
  public: z.boolean(),
  metadataFields: z.array(z.looseObject({ name: z.string(), required: z.boolean(), unique: z.boolean() })),
  createdAt: dt,
  updatedAt: dt,
});
export type Board = z.infer<typeof boardSchema>;

const newDeviceStateSchema = z.looseObject({
  applicationId: z.number().int().optional(),
  applicationVersion: releaseVersionSchema.optional(),
  algorithms: z.array(z.looseObject({ id: z.number().int(), version: z.number().int() })).optional(),
});

export const deviceSchema = z.looseObject({
  id: uuid,
  deviceId: z.string().regex(/^[0-9a-fA-F]{16}$/),
  mcuId: z.string(),
  boardId: uuid,
  organisationId: uuid,
  metadata: z.record(z.string(), z.string()),
  initialDeviceState: newDeviceStateSchema.optional(),
  createdAt: dt,
  updatedAt: dt,
});
export type Device = z.infer<typeof deviceSchema>;

export const deviceStateSchema = newDeviceStateSchema.extend({
  createdAt: dt,
  updatedAt: dt,
  lastRouteInterface: z.string().optional(),
  lastRouteUdpAddress: z.string().optional(),
  lastRouteUdpTime: dt.optional(),
  lastRoute: z.looseObject({ interface: z.string() }).optional(),
  lastRouteTime: dt.optional(),
  firstPacketTime: dt.optional(),
});
export type DeviceState = z.infer<typeof deviceStateSchema>;

export const deviceAndStateSchema = deviceSchema.extend({ state: deviceStateSchema });
export type DeviceAndState = z.infer<typeof deviceAndStateSchema>;

export const deviceApplicationStateSchema = z.looseObject({
  applicationId: z.number().int(),
  version: releaseVersionSchema,
  lastReportedTime: dt,
  boardTargetCrc: z.number().int().optional(),
  releaseId: z.string().optional(),
});
export type DeviceApplicationState = z.infer<typeof deviceApplicationStateSchema>;

export const deviceApplicationUpdateSchema = z.looseObject({
  id: uuid,
  releaseId: z.string(),
  /** pending | success | failed | cancelled */
  status: z.string(),
  attemptCount: z.number().int(),
  createdAt: dt,
  updatedAt: dt,
  lastError: z.string().optional(),
  lastAttemptAt: dt.optional(),
  downlinkMessageId: uuid.optional(),
  completedAt: dt.optional(),
});
export type DeviceApplicationUpdate = z.infer<typeof deviceApplicationUpdateSchema>;

export const downlinkMessageSchema = z.looseObject({
  id: uuid,
  deviceId: uuid,
  payloadType: z.number().int(),
  auth: z.number().int(),
  rpcReq: z.looseObject({ requestId: z.number().int(), commandId: z.number().int() }),
  /** waiting | sent | completed (expiry shows only through expiresAt) */
  status: z.string(),
  rpcRsp: z.looseObject({ returnCode: z.number().int() }).optional(),
  sendWaitTimeoutMs: z.number().int().optional(),
  sentAt: dt.optional(),
  expiresAt: dt.optional(),
  completedAt: dt.optional(),
  createdAt: dt,
  updatedAt: dt,
});

export const deviceApplicationUpdateAndMessageSchema = deviceApplicationUpdateSchema.extend({
  downlinkMessage: downlinkMessageSchema.optional(),
});
export type DeviceApplicationUpdateAndMessage = z.infer<typeof deviceApplicationUpdateAndMessageSchema>;

export const rpcMessageSchema = z.looseObject({
  id: uuid,
  createdAt: dt,
  downlinkMessageId: uuid,
  device: deviceSchema,
  downlinkMessage: downlinkMessageSchema,
});
export type RpcMessage = z.infer<typeof rpcMessageSchema>;

/** The platform's error body; `code` repeats the HTTP status. */
export const platformErrorSchema = z.looseObject({ code: z.number().int(), message: z.string() });
