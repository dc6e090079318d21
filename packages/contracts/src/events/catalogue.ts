import { z } from "zod";

/** `catalogue.instance.created.v1`: publishing and listings keep the instance ids they validate against. */
export const instanceCreatedV1 = {
  type: "catalogue.instance.created.v1",
  stream: "CATALOGUE",
  data: z.object({
    id: z.uuid(),
    name: z.string(),
    ownerOrganisationId: z.uuid(),
    defaultCurrency: z.string().length(3),
    platformFeeBps: z.number().int(),
    createdAt: z.iso.datetime(),
  }),
} as const;

export type InstanceCreatedV1 = z.infer<typeof instanceCreatedV1.data>;
