/** Money is integer minor units; shown in the currency's own format. */
export function money(value: { amount: number; currency: string } | null | undefined): string {
  if (!value) return "—";
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency: value.currency }).resolvedOptions()
      .maximumFractionDigits ?? 2;
  return new Intl.NumberFormat("en", { style: "currency", currency: value.currency }).format(
    value.amount / 10 ** digits,
  );
}

/** A decimal the person typed ("12.50") as minor units, or undefined when it is not a number. */
export function toMinorUnits(text: string, currency: string): number | undefined {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const trimmed = text.trim();
  if (!/^\d+([.,]\d+)?$/.test(trimmed)) return undefined;
  return Math.round(Number(trimmed.replace(",", ".")) * 10 ** digits);
}

/** The most an instance's platform fee may be, in basis points (the API's bound on `platformFeeBps`). */
export const MAX_PLATFORM_FEE_BPS = 5000;

/**
 * A platform fee the person typed as a percentage ("10", "12.5") as basis points, or undefined when it is
 * not a percentage from 0 to 50 with at most two decimals: the form says so in percent, where the API
 * would answer in basis points, a unit the form never shows.
 */
export function percentToBps(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^\d+([.,]\d{1,2})?$/.test(trimmed)) return undefined;
  const bps = Math.round(Number(trimmed.replace(",", ".")) * 100);
  return bps <= MAX_PLATFORM_FEE_BPS ? bps : undefined;
}

export function date(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function day(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium" });
}
