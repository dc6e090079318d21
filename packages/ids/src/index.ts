import { ValidationError } from "@mp/errors";

/** A guid (RFC 9562 layout, any version) in either case; nothing before or after it. */
const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isGuid(value: string): boolean {
  return GUID.test(value);
}

/** A guid in any case, lowercased; anything else is a 400 naming `field` (the gateway checks first). */
export function parseGuid(value: string, field: string): string {
  if (!isGuid(value)) throw new ValidationError({ [field]: ["must be a guid"] });
  return value.toLowerCase();
}
