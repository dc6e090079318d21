import { z } from "zod";

/** Thrown at boot when the environment does not satisfy the schema; lists every bad key at once. */
export class ConfigError extends Error {
  constructor(readonly issues: { key: string; message: string }[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i.key}: ${i.message}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/**
 * Parse the environment once, at boot. Keys are the schema's keys (upper-case env names); the result is
 * frozen so nothing later mutates configuration.
 */
export function loadConfig<S extends z.ZodType>(
  schema: S,
  env: Record<string, string | undefined> = process.env,
): Readonly<z.output<S>> {
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => ({ key: issue.path.join(".") || "(root)", message: issue.message })),
    );
  }
  return Object.freeze(result.data);
}

/** Booleans from the environment: only `true/false/1/0` are accepted, anything else is an error. */
export const envBoolean = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

export const port = z.coerce.number().int().min(0).max(65535);

/** Keys every service reads. Services extend this with their own. */
export const serviceEnv = {
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).default("postgres://postgres@127.0.0.1:5432/postgres"),
  NATS_URL: z.string().min(1).default("nats://127.0.0.1:4222"),
  GRPC_HOST: z.string().min(1).default("127.0.0.1"),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
};

export const serviceConfigSchema = z.object(serviceEnv);
export type ServiceConfig = z.output<typeof serviceConfigSchema>;

/** Default gRPC port of each service, overridable with `<NAME>_GRPC_PORT`. */
export const DEFAULT_GRPC_PORTS = {
  catalogue: 50051,
  publishing: 50052,
  assets: 50053,
  listings: 50054,
  purchases: 50055,
  settlements: 50056,
  "iot-adapter": 50057,
  webhooks: 50058,
} as const;

export type ServiceName = keyof typeof DEFAULT_GRPC_PORTS;
export const SERVICE_NAMES = Object.keys(DEFAULT_GRPC_PORTS) as ServiceName[];

/** `iot-adapter` -> `IOT_ADAPTER_GRPC_PORT`. */
export function grpcPortKey(service: ServiceName): string {
  return `${service.toUpperCase().replace(/-/g, "_")}_GRPC_PORT`;
}

/** `iot-adapter` -> `IOT_ADAPTER_GRPC_URL` (host:port the gateway and peers dial). */
export function grpcUrlKey(service: ServiceName): string {
  return `${service.toUpperCase().replace(/-/g, "_")}_GRPC_URL`;
}

export { z };

/** Object storage keys, for the services that keep files (assets, release binaries, downloads). */
export const s3Env = {
  S3_ENDPOINT: z.url(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1),
  S3_SECRET_ACCESS_KEY: z.string().min(1),
  S3_BUCKET: z.string().min(3).max(63),
};
