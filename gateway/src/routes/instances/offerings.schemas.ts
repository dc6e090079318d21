import { z } from "zod";
import { guid, guidInput, paged, pageQuery, timestamp } from "../common.schemas";

export const InstanceScopedParams = z.object({ instanceId: guidInput("Instance id (guid, any case).") });

export const Offering = z
  .object({
    id: guid,
    marketplaceInstanceId: guid,
    marketplaceItemId: guid,
    createdAt: timestamp,
    withdrawnAt: timestamp.nullable(),
  })
  .meta({ id: "Offering", description: "A published item an instance's admin made available for listing." });

export const OfferingPage = paged(Offering);

export const CreateOfferingBody = z.strictObject({
  marketplaceItemId: guidInput("A published item of the same instance."),
});

export const ListOfferingsQuery = z.object(pageQuery(["createdAt"]));

export const OfferingParams = z.object({
  instanceId: guidInput("Instance id (guid, any case)."),
  offeringId: guidInput("Offering id (guid, any case)."),
});
