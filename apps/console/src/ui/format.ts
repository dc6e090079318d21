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

export function date(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

export function day(iso: string | null | undefined): string {
  if (!iso) return "—";
  return new Date(iso).toLocaleDateString("en-GB", { dateStyle: "medium" });
}
