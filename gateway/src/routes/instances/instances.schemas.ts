import { z } from "zod";
import { CurrencyCode, guid, guidInput, paged, pageQuery, singleLine, timestamp } from "../common.schemas";

export const Instance = z
  .object({
    id: guid,
    name: z.string(),
    ownerOrganisationId: guid,
    defaultCurrency: CurrencyCode,
    platformFeeBps: z
      .int()
      .min(0)
      .max(5000)
      .describe("Basis points of each sale kept by the platform.")
      .meta({ examples: [1000] }),
    createdAt: timestamp,
  })
  .meta({
    id: "Instance",
    description:
      "A marketplace instance: the scope developer items, offerings, listings and catalogues live in.",
  });

export const InstancePage = paged(Instance);

export const CreateInstanceBody = z.strictObject({
  name: singleLine().trim().min(1).max(120).describe("1..120 characters after trimming."),
  defaultCurrency: CurrencyCode,
  platformFeeBps: z
    .int()
    .min(0)
    .max(5000)
    .describe("Basis points of each sale kept by the platform, 0..5000.")
    .meta({ examples: [1000] }),
});

export const ListInstancesQuery = z.object(pageQuery(["createdAt", "name"]));

export const InstanceParams = z.object({ id: guidInput("Instance id (guid, any case).") });
