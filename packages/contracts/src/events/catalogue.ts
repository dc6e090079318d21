import { z } from "zod";
import { onlyVersion } from "./versions";

/** What every instance event carries: an instance never changes after it is created, so `version` is 1. */
const instanceData = z.object({
  id: z.uuid(),
  name: z.string(),
  ownerOrganisationId: z.uuid(),
  defaultCurrency: z.string().length(3),
  platformFeeBps: z.number().int(),
  createdAt: z.iso.datetime(),
  version: onlyVersion,
});

/** `catalogue.instance.created.v1`: publishing and listings keep the instance ids they validate against. */
export const instanceCreatedV1 = {
  type: "catalogue.instance.created.v1",
  stream: "CATALOGUE",
  data: instanceData,
} as const;

export type InstanceCreatedV1 = z.infer<typeof instanceCreatedV1.data>;

/**
 * `catalogue.instance.snapshot.v1`: the current state of an instance, re-emitted on request
 * (`pnpm bus snapshot catalogue`) so a consumer can rebuild once the created event has left the stream.
 * Consumers handle it exactly like `created`; the version guard makes the repeat harmless.
 */
export const instanceSnapshotV1 = {
  type: "catalogue.instance.snapshot.v1",
  stream: "CATALOGUE",
  data: instanceData,
} as const;
