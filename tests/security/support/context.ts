import { inject } from "vitest";
import type { SecurityStack } from "./security-stack";

/** The launched stack of the security project, as the global setup handed it over. */
export function securityStack(): SecurityStack {
  return inject("security");
}
