import type { Pool } from "@mp/db";
import { type FieldErrors, ValidationError } from "@mp/errors";
import { isGuid } from "@mp/ids";
import type { StatementRepository } from "./statements.ports";

/** A guid as requests carry it, in either case. */

/** What the statement use cases are built from. */
export interface StatementsDeps {
  pool: Pool;
  statements: StatementRepository;
  ids: { next(): string };
  /** `PLATFORM_ORGANISATION_ID`: its admins are the platform operator (undefined: no one is). */
  operatorOrganisationId: string | undefined;
}

/** One validation error naming every field found wrong, when any is. */
export function rejectIfAny(errors: FieldErrors): void {
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/** An optional ISO 8601 instant of a request field; an unreadable one is noted in `errors`. */
export function instant(value: string, field: string, errors: FieldErrors): Date | undefined {
  if (!value) return undefined;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) errors[field] = ["must be an ISO 8601 date-time"];
  return at;
}

export { isGuid };
