import { z } from "@mp/config";

/**
 * Keys the listings service reads beyond the common ones (database, NATS, gRPC port, logging): the
 * assets service it asks, as itself, for fresh icon urls of listed items.
 */
export const listingsConfig = z.object({
  ASSETS_GRPC_URL: z.string().min(1).default("127.0.0.1:50053"),
});
