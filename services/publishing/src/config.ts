import { z } from "@mp/config";

/**
 * Keys the publishing service reads beyond the common ones (database, NATS, gRPC port, logging): the
 * addresses of the services it asks on the caller's behalf (IoT applications, icon and gallery assets).
 */
export const publishingConfig = z.object({
  IOT_ADAPTER_GRPC_URL: z.string().min(1).default("127.0.0.1:50057"),
  ASSETS_GRPC_URL: z.string().min(1).default("127.0.0.1:50053"),
  /** How often the item release copy retry loop looks for copy requests the iot-adapter has not accepted. */
  RELEASE_COPY_RETRY_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(5_000),
});
