/**
 * A developer's earnings, worked out in the browser from the lines of the developer's statements: the API
 * has earnings summaries and series for providers only, while every sale and reversal of a developer's
 * items is a line of the developer's statement (its `share` is the developer's base price, or the part of
 * it a refund takes back). Amounts are integer minor units throughout.
 */
import { DAY_MS, type Interval } from "./interval";

export interface EarningLine {
  occurredAt: string;
  kind: "sale" | "refund" | "dispute" | "adjustment";
  marketplaceItemId: string;
  displayName: string;
  /** What the buyer paid (negative for reversals). */
  gross: number;
  /** The developer's part of it. */
  share: number;
  currency: string;
}

export interface EarningsPoint {
  /** Start of the bucket (UTC, ISO 8601). */
  periodStart: string;
  earnings: number;
  sales: number;
}

export interface ItemEarnings {
  marketplaceItemId: string;
  displayName: string;
  earnings: number;
  sales: number;
}

/** One currency's earnings over the window. */
export interface CurrencyEarnings {
  currency: string;
  /** Everything the developer earned: shares of sales less reversals and adjustments. */
  net: number;
  /** The developer's shares of sales alone. */
  fromSales: number;
  /** What refunds and lost disputes took back (a positive amount). */
  reversed: number;
  sales: number;
  points: EarningsPoint[];
  /** Per item, most earned first. */
  items: ItemEarnings[];
}

/** Start of the UTC day, week (Monday, as the API's series) or month holding `at`. */
export function periodStart(at: Date, interval: Interval): Date {
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  if (interval === "month") return new Date(Date.UTC(y, m, 1));
  const day = new Date(Date.UTC(y, m, at.getUTCDate()));
  if (interval === "day") return day;
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

function next(start: Date, interval: Interval): Date {
  if (interval === "month") return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
  return new Date(start.getTime() + (interval === "week" ? 7 : 1) * DAY_MS);
}

/** Every bucket from the one holding `start` to the one holding the window's last instant, in order. */
export function periodStarts(start: Date, end: Date, interval: Interval): string[] {
  const starts: string[] = [];
  for (let at = periodStart(start, interval); at < end; at = next(at, interval))
    starts.push(at.toISOString());
  return starts;
}

/**
 * Lines within [start, end) per currency: totals, one point per bucket (zero-filled, like the API's
 * series) and per item.
 */
export function summarise(
  lines: readonly EarningLine[],
  interval: Interval,
  start: Date,
  end: Date,
): CurrencyEarnings[] {
  const buckets = periodStarts(start, end, interval);
  const byCurrency = new Map<
    string,
    { summary: CurrencyEarnings; points: Map<string, EarningsPoint>; items: Map<string, ItemEarnings> }
  >();
  for (const line of lines) {
    const at = new Date(line.occurredAt);
    if (!(at >= start && at < end)) continue;
    let entry = byCurrency.get(line.currency);
    if (!entry) {
      const points = new Map(buckets.map((b) => [b, { periodStart: b, earnings: 0, sales: 0 }]));
      entry = {
        summary: {
          currency: line.currency,
          net: 0,
          fromSales: 0,
          reversed: 0,
          sales: 0,
          points: [...points.values()],
          items: [],
        },
        points,
        items: new Map(),
      };
      byCurrency.set(line.currency, entry);
    }
    const sale = line.kind === "sale";
    const { summary } = entry;
    summary.net += line.share;
    if (sale) {
      summary.fromSales += line.share;
      summary.sales += 1;
    } else if (line.kind === "refund" || line.kind === "dispute") summary.reversed -= line.share;
    const point = entry.points.get(periodStart(at, interval).toISOString());
    if (point) {
      point.earnings += line.share;
      if (sale) point.sales += 1;
    }
    const item = entry.items.get(line.marketplaceItemId) ?? {
      marketplaceItemId: line.marketplaceItemId,
      displayName: line.displayName,
      earnings: 0,
      sales: 0,
    };
    item.displayName = line.displayName; // lines come oldest first: the newest name wins
    item.earnings += line.share;
    if (sale) item.sales += 1;
    entry.items.set(line.marketplaceItemId, item);
  }
  return [...byCurrency.values()]
    .map(({ summary, items }) => ({
      ...summary,
      items: [...items.values()].sort(
        (a, b) => b.earnings - a.earnings || a.displayName.localeCompare(b.displayName),
      ),
    }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * The lines of a statement's CSV export (RFC 4180, a header row, a totals row last), for statements with
 * more lines than the statement's JSON carries. Names the export guarded against spreadsheet formulas
 * (a leading `'` before `=`, `+`, `-`, `@`) are shown as they were typed.
 */
export function linesFromCsv(csv: string): EarningLine[] {
  const [header, ...rows] = parseCsv(csv);
  if (!header) return [];
  const column = (name: string) => header.indexOf(name);
  const at = {
    occurredAt: column("occurredAt"),
    kind: column("kind"),
    item: column("marketplaceItemId"),
    name: column("displayName"),
    gross: column("gross"),
    share: column("share"),
    currency: column("currency"),
  };
  if (Object.values(at).some((i) => i < 0)) throw new Error("the statement export has unexpected columns");
  const kinds = new Set(["sale", "refund", "dispute", "adjustment"]);
  return rows
    .filter((row) => kinds.has(row[at.kind] ?? ""))
    .map((row) => ({
      occurredAt: row[at.occurredAt] ?? "",
      kind: row[at.kind] as EarningLine["kind"],
      marketplaceItemId: row[at.item] ?? "",
      displayName: (row[at.name] ?? "").replace(/^'(?=[=+\-@\t\r])/, ""),
      gross: Number(row[at.gross]),
      share: Number(row[at.share]),
      currency: row[at.currency] ?? "",
    }));
}

/** RFC 4180: quoted fields may hold commas, doubled quotes and line breaks; CRLF or LF between records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += c;
  }
  if (field !== "" || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records;
}
