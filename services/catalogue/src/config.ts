import { z } from "@mp/config";

/** Keys the catalogue service reads beyond the common ones (database, NATS, gRPC port, logging). */
export const catalogueConfig = z.object({});
