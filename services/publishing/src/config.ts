import { z } from "@mp/config";

/** Keys the publishing service reads beyond the common ones (database, NATS, gRPC port, logging). */
export const publishingConfig = z.object({});
