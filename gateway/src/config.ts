import {
  DEFAULT_GRPC_PORTS,
  grpcUrlKey,
  loadConfig,
  port,
  SERVICE_NAMES,
  type ServiceName,
  serviceEnv,
  z,
} from "@mp/config";

/** `host:port` a gRPC channel dials; a URL scheme or path here is a configuration mistake. */
const grpcAddress = (service: ServiceName) =>
  z
    .string()
    .regex(/^[A-Za-z0-9.-]+:\d{1,5}$|^\[[0-9a-fA-F:]+\]:\d{1,5}$/, "expected host:port")
    .default(`127.0.0.1:${DEFAULT_GRPC_PORTS[service]}`);

/**
 * Everything the gateway reads from the environment, parsed once at boot. A bad value stops start-up
 * with every offending key named, instead of failing on the first request that needs it.
 */
export const gatewayConfigSchema = z
  .object({
    NODE_ENV: serviceEnv.NODE_ENV,
    LOG_LEVEL: serviceEnv.LOG_LEVEL,
    GATEWAY_HOST: z.string().min(1).default("127.0.0.1"),
    GATEWAY_PORT: port.default(8080),
    /** The gateway's own database; its `gateway` schema holds API keys. */
    DATABASE_URL: serviceEnv.DATABASE_URL,
    CATALOGUE_GRPC_URL: grpcAddress("catalogue"),
    PUBLISHING_GRPC_URL: grpcAddress("publishing"),
    ASSETS_GRPC_URL: grpcAddress("assets"),
    LISTINGS_GRPC_URL: grpcAddress("listings"),
    PURCHASES_GRPC_URL: grpcAddress("purchases"),
    SETTLEMENTS_GRPC_URL: grpcAddress("settlements"),
    IOT_ADAPTER_GRPC_URL: grpcAddress("iot-adapter"),
    AUTH_ISSUER: z.string().min(1).default("https://auth.marketplace.local"),
    AUTH_AUDIENCE: z.string().min(1).default("marketplace-api"),
    AUTH_JWKS_URL: z.url({ protocol: /^https?$/ }).optional(),
    AUTH_JWKS_FILE: z.string().min(1).optional(),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
    OTEL_EXPORTER_OTLP_ENDPOINT: serviceEnv.OTEL_EXPORTER_OTLP_ENDPOINT,
  })
  .superRefine(
    (env, ctx) => {
      const nodeEnv = typeof env.NODE_ENV === "string" ? env.NODE_ENV : "development";
      const url = env.AUTH_JWKS_URL;
      const file = env.AUTH_JWKS_FILE;
      if (file !== undefined && nodeEnv !== "development") {
        ctx.addIssue({
          code: "custom",
          path: ["AUTH_JWKS_FILE"],
          message: `a local JWKS file is accepted only when NODE_ENV=development (NODE_ENV is ${nodeEnv}); set AUTH_JWKS_URL`,
        });
      } else if (file !== undefined && url !== undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["AUTH_JWKS_FILE"],
          message: "set AUTH_JWKS_URL or AUTH_JWKS_FILE, not both",
        });
      } else if (file === undefined && url === undefined) {
        ctx.addIssue({
          code: "custom",
          path: ["AUTH_JWKS_URL"],
          message: "required: the identity provider's JWKS address (or AUTH_JWKS_FILE in development)",
        });
      }
    },
    // Run even when other keys already failed, so one boot names every bad key.
    { when: () => true },
  );

export type GatewayConfig = z.output<typeof gatewayConfigSchema>;

export function loadGatewayConfig(env: Record<string, string | undefined> = process.env): GatewayConfig {
  return loadConfig(gatewayConfigSchema, env);
}

/** The address of one upstream service, by its name in `SERVICE_NAMES`. */
export function upstreamAddress(config: GatewayConfig, service: ServiceName): string {
  return config[grpcUrlKey(service) as keyof GatewayConfig] as string;
}

export { grpcUrlKey, SERVICE_NAMES, type ServiceName };
