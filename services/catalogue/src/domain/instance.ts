import { isCurrencyCode } from "@mp/contracts";
import { type FieldErrors, ValidationError } from "@mp/errors";

export type InstanceId = string & { readonly __brand: "InstanceId" };

/** A marketplace instance: the scope developer items, offerings, listings and catalogues belong to. */
export interface Instance {
  id: InstanceId;
  name: string;
  ownerOrganisationId: string;
  defaultCurrency: string;
  /** Basis points of every sale the platform keeps; 0..5000 so a provider can always earn something. */
  platformFeeBps: number;
  createdAt: Date;
}

export interface NewInstanceInput {
  name: string;
  defaultCurrency: string;
  platformFeeBps: number;
}

export const INSTANCE_NAME_MAX = 120;
export const PLATFORM_FEE_BPS_MAX = 5000;

/**
 * The rules an instance must satisfy, checked here as well as at the gateway: the service is reachable
 * over gRPC by other callers, and its invariants must not depend on who validated the request first.
 * Returns the normalised input (trimmed name, upper-case currency).
 */
export function validateNewInstance(input: NewInstanceInput): NewInstanceInput {
  const errors: FieldErrors = {};
  const name = input.name.trim();
  if (name.length < 1 || name.length > INSTANCE_NAME_MAX) {
    errors["body.name"] = [`must be 1 to ${INSTANCE_NAME_MAX} characters after trimming`];
  }
  const currency = input.defaultCurrency.toUpperCase();
  if (!isCurrencyCode(currency))
    errors["body.defaultCurrency"] = ["must be a supported ISO 4217 currency code"];
  if (
    !Number.isInteger(input.platformFeeBps) ||
    input.platformFeeBps < 0 ||
    input.platformFeeBps > PLATFORM_FEE_BPS_MAX
  ) {
    errors["body.platformFeeBps"] = [`must be an integer from 0 to ${PLATFORM_FEE_BPS_MAX}`];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { name, defaultCurrency: currency, platformFeeBps: input.platformFeeBps };
}

export function createInstance(
  input: NewInstanceInput,
  owner: { organisationId: string },
  ids: { id: string; now: Date },
): Instance {
  const valid = validateNewInstance(input);
  return {
    id: ids.id as InstanceId,
    ...valid,
    ownerOrganisationId: owner.organisationId.toLowerCase(),
    createdAt: ids.now,
  };
}
