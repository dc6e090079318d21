import { ValidationError } from "@mp/errors";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isGuid = (value: string): boolean => GUID.test(value);

/** A guid in any case, lowercased; anything else is a 400 naming `field` (the gateway checks first). */
export function parseGuid(value: string, field: string): string {
  if (!isGuid(value)) throw new ValidationError({ [field]: ["must be a guid"] });
  return value.toLowerCase();
}
