import { MarketplaceError } from "@mp/sdk";
import { UnavailableError, UsageError } from "./exit-codes";

const EXTRA_MEMBERS: Record<string, (value: unknown) => string> = {
  unmet: (v) => `still missing: ${(v as string[]).join(", ")}`,
  state: (v) => `state: ${String(v)}`,
  reasons: (v) => `failed checks: ${(v as string[]).join(", ")}`,
  remaining: (v) => `left to refund: ${money(v)}`,
  basePrice: (v) => `base price: ${money(v)}`,
  errorId: (v) => `error id ${String(v)}`,
};

function money(value: unknown): string {
  const { amount, currency } = value as { amount: number; currency: string };
  return `${amount} ${currency} (minor units)`;
}

/**
 * An error as the sentence `mkt` prints on stderr: a problem+json reads as its detail with the status and
 * code, then each field the API named and the members its code adds (`unmet`, `state`, ...).
 */
export function errorSentence(error: unknown): string {
  if (error instanceof MarketplaceError) {
    const lines = [
      `${error.detail.replace(/\.?$/, ".")} (${error.status}${error.code ? ` ${error.code}` : ""})`,
    ];
    for (const [field, messages] of Object.entries(error.fieldErrors)) {
      lines.push(`  ${field}: ${messages.join("; ")}`);
    }
    const problem = (error.problem ?? {}) as Record<string, unknown>;
    for (const [member, describe] of Object.entries(EXTRA_MEMBERS)) {
      if (problem[member] !== undefined) lines.push(`  ${describe(problem[member])}`);
    }
    return lines.join("\n");
  }
  if (error instanceof UsageError || error instanceof UnavailableError) return error.message;
  if (error instanceof Error) return error.message;
  return String(error);
}
