import { parseLimitOffset } from "@mp/db";
import type { Window } from "./ports";

export const DEFAULT_LIMIT = 50;

/** The contract's limit/offset bounds (shared by every service); 0 means DEFAULT_LIMIT. */
export function parseWindow(raw: { limit: number; offset: number }): Window {
  return parseLimitOffset(raw, DEFAULT_LIMIT);
}

/**
 * The platform's application ids are 32-bit integers; anything else cannot name an application, so it is
 * not found rather than a bad request (the id comes from a path segment the caller was given).
 */
export function isApplicationId(id: number): boolean {
  return Number.isInteger(id) && id >= 0 && id <= 0xffff_ffff;
}
