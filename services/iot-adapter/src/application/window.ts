import { ValidationError } from "@mp/errors";
import type { Window } from "./ports";

export const DEFAULT_LIMIT = 50;

/**
 * Limit/offset bounds of the contract (section 1): limit 1..100, offset 0..100000; out of range is a 400,
 * never clamped. Proto3 cannot tell an absent limit from 0, so 0 means the default.
 */
export function parseWindow(raw: { limit: number; offset: number }): Window {
  const errors: Record<string, string[]> = {};
  const limit = raw.limit === 0 ? DEFAULT_LIMIT : raw.limit;
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) errors["query.limit"] = ["must be from 1 to 100"];
  if (!Number.isInteger(raw.offset) || raw.offset < 0 || raw.offset > 100_000)
    errors["query.offset"] = ["must be from 0 to 100000"];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return { limit, offset: raw.offset };
}

/**
 * The platform's application ids are 32-bit integers; anything else cannot name an application, so it is
 * not found rather than a bad request (the id comes from a path segment the caller was given).
 */
export function isApplicationId(id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id <= 0xffff_ffff;
}

export function isReleaseId(id: string): boolean {
  return id.length > 0 && id.length <= 200;
}
