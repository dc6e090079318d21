import { z } from "@mp/config";

/** Keys the listings service reads beyond the common ones (database, NATS, gRPC port, logging). */
export const listingsConfig = z.object({});
