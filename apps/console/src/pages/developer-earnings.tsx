import type { MarketplaceClient } from "@mp/sdk/browser";
import { useMemo, useState } from "react";
import { type components, unwrap, useLoad, useSession } from "../api";
import { type EarningLine, linesFromCsv, periodStart, summarise } from "../earnings/developer-earnings";
import { type Interval, periodLabel, WINDOW_DAYS, windowFor } from "../earnings/interval";
import { IntervalField } from "../earnings/interval-field";
import type { Session } from "../session";
import { BarChart } from "../ui/bar-chart";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money } from "../ui/format";

type Statement = components["schemas"]["Statement"];

/** The statements' lines with the mode they were paid in. */
interface Loaded {
  lines: (EarningLine & { livemode: boolean })[];
  modes: Set<boolean>;
}

/** Statements fetched side by side (each one a request, or its CSV for very long ones). */
const PARALLEL = 4;

/**
 * The developer's earnings from sales of its items by day, week or month: totals, a chart and the items,
 * worked out from the developer's statements (the API has earnings series for providers only). Loaded on
 * demand (a chunk of its own), outside the console's first load.
 */
export default function DeveloperEarnings() {
  const { api, session } = useSession();
  const [interval, setPer] = useState<Interval>("day");
  const [live, setLive] = useState<boolean | undefined>();
  const loaded = useLoad(() => loadLines(api, session), []);

  // Live payments when there are any, else test ones (a development stack has only those).
  const modes = loaded.data?.modes;
  const livemode = live ?? (modes ? modes.has(true) : false);
  const summaries = useMemo(() => {
    if (!loaded.data) return undefined;
    const { start, end } = windowFor(interval);
    const lines = loaded.data.lines.filter((l) => l.livemode === livemode);
    return summarise(lines, interval, start, end);
  }, [loaded.data, interval, livemode]);

  return (
    <>
      <h1>Earnings</h1>
      <p className="muted">
        Your base price of each sale of your items, less what refunds and lost disputes took back, from your
        statements.
      </p>
      <div className="inline-form narrow">
        <IntervalField value={interval} onChange={setPer} />
        {modes && modes.size > 1 ? (
          <Field label="Payments">
            {(input) => (
              <select
                {...input}
                value={livemode ? "live" : "test"}
                onChange={(e) => setLive(e.target.value === "live")}
              >
                <option value="live">live</option>
                <option value="test">test</option>
              </select>
            )}
          </Field>
        ) : null}
      </div>
      <ErrorNote error={loaded.error} />
      {loaded.loading && !loaded.data ? <Loading what="earnings" /> : null}
      {summaries && summaries.length === 0 ? (
        <p className="muted">
          No sales of your items in the last {WINDOW_DAYS[interval]} days
          {livemode ? "" : " (test payments)"}.
        </p>
      ) : null}
      {summaries?.map((s) => (
        <section key={s.currency} aria-labelledby={`earnings-${s.currency}`}>
          <h2 id={`earnings-${s.currency}`}>
            {s.currency}
            {livemode ? "" : " (test payments)"}
          </h2>
          <dl className="totals">
            <div>
              <dt>Earnings</dt>
              <dd>{money({ amount: s.net, currency: s.currency })}</dd>
              <dt>From sales</dt>
              <dd>{money({ amount: s.fromSales, currency: s.currency })}</dd>
              <dt>Refunds and disputes</dt>
              <dd>{money({ amount: s.reversed, currency: s.currency })}</dd>
              <dt>Sales</dt>
              <dd>{s.sales}</dd>
            </div>
          </dl>
          <BarChart
            title={`Earnings per ${interval} (${s.currency})`}
            points={s.points.map((p) => ({
              label: periodLabel(p.periodStart, interval),
              value: p.earnings,
              text: `${money({ amount: p.earnings, currency: s.currency })}, ${p.sales} ${p.sales === 1 ? "sale" : "sales"}`,
            }))}
          />
          <div className="scroll">
            <table>
              <caption>By item</caption>
              <thead>
                <tr>
                  <th scope="col">Item</th>
                  <th scope="col">Sales</th>
                  <th scope="col">Earnings</th>
                </tr>
              </thead>
              <tbody>
                {s.items.map((item) => (
                  <tr key={item.marketplaceItemId}>
                    <th scope="row">{item.displayName}</th>
                    <td>{item.sales}</td>
                    <td>{money({ amount: item.earnings, currency: s.currency })}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * Every line of the developer's statements since the month holding the longest window's start: the
 * statements list (paged), then each statement's lines (its JSON carries the first 1000; a longer one is
 * read from its CSV export).
 */
async function loadLines(api: MarketplaceClient, session: Session): Promise<Loaded> {
  const since = periodStart(windowFor("month").start, "month").toISOString();
  const statements: Statement[] = [];
  for (let page = 1, pages = 1; page <= pages; page++) {
    const answer = await unwrap(
      api.GET("/marketplace/earnings/statements", {
        params: {
          query: {
            role: "developer",
            status: "any",
            periodStartUtc: since,
            orderBy: "periodStartUtc",
            direction: "asc",
            page,
            pageSize: 100,
          },
        },
      }),
    );
    statements.push(...answer.items);
    pages = answer.totalPages;
  }
  const lines: Loaded["lines"] = [];
  const modes = new Set<boolean>();
  const queue = [...statements];
  const worker = async () => {
    for (let s = queue.shift(); s; s = queue.shift()) {
      modes.add(s.livemode);
      for (const line of await statementLines(api, session, s)) lines.push({ ...line, livemode: s.livemode });
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return { lines, modes };
}

async function statementLines(
  api: MarketplaceClient,
  session: Session,
  s: Statement,
): Promise<EarningLine[]> {
  if (s.lineCount === 0) return [];
  const detail = await unwrap(
    api.GET("/marketplace/earnings/statements/{statementId}", { params: { path: { statementId: s.id } } }),
  );
  if (detail.lines.length >= detail.lineCount)
    return detail.lines.map((l) => ({ ...l, currency: detail.currency }));
  // The export streams every line; it is fetched with the token like the Statements page's downloads.
  const response = await fetch(`/marketplace/earnings/statements/${s.id}/export.csv`, {
    headers: { authorization: `Bearer ${session.token}` },
  });
  if (!response.ok) throw new Error(`the statement's export answered ${response.status}`);
  return linesFromCsv(await response.text());
}
