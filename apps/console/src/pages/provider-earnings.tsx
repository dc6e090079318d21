import { useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { type Interval, periodLabel, windowFor } from "../earnings/interval";
import { IntervalField } from "../earnings/interval-field";
import { BarChart } from "../ui/bar-chart";
import { ErrorNote, Loading } from "../ui/field";
import { money } from "../ui/format";

/** Totals and a chart of gross sales by day, week or month. */
export function ProviderEarnings() {
  const { api } = useSession();
  const [interval, setPer] = useState<Interval>("day");
  const range = () => {
    const { start, end } = windowFor(interval);
    return { startUtc: start.toISOString(), endUtc: end.toISOString() };
  };
  const summary = useLoad(
    () => unwrap(api.GET("/marketplace/providers/earnings/summary", { params: { query: range() } })),
    [interval],
  );
  const series = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/earnings/timeseries", {
          params: { query: { interval, ...range() } },
        }),
      ),
    [interval],
  );
  return (
    <>
      <h1>Earnings</h1>
      <div className="inline-form narrow">
        <IntervalField value={interval} onChange={setPer} />
      </div>
      <ErrorNote error={summary.error ?? series.error} />
      {summary.loading && !summary.data ? <Loading what="earnings" /> : null}
      <dl className="totals">
        {summary.data?.totals.map((t) => (
          <div key={t.currency}>
            <dt>Gross sales ({t.currency})</dt>
            <dd>{money({ amount: t.grossSales, currency: t.currency })}</dd>
            <dt>Refunds</dt>
            <dd>{money({ amount: t.refunds, currency: t.currency })}</dd>
            <dt>Net earnings</dt>
            <dd>{money({ amount: t.netEarnings, currency: t.currency })}</dd>
            <dt>Purchases</dt>
            <dd>{t.purchaseCount}</dd>
          </div>
        ))}
      </dl>
      {series.data ? (
        <BarChart
          title={`Gross sales per ${interval}`}
          points={series.data.points.map((p) => ({
            label: periodLabel(p.periodStart, interval),
            value: p.grossSales,
            text: money({ amount: p.grossSales, currency: p.currency }),
          }))}
        />
      ) : null}
    </>
  );
}
