const UPPER_CASE = /[A-Z]/;

/**
 * An id as the API writes it: lowercase (contract section 1). Exactly `value.toLowerCase()` for the ASCII
 * ids services send, but an id that is lowercase already (as services write them) is returned as it is:
 * `toLowerCase` copies the string even when nothing changes, twice per instance of every page.
 */
export function lowercaseId(value: string): string {
  return UPPER_CASE.test(value) ? value.toLowerCase() : value;
}
