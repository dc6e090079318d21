import { useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { BarChart } from "../ui/bar-chart";
import { ErrorNote, Field, Loading } from "../ui/field";
import { money } from "../ui/format";

type Interval = "day" | "week" | "month";
const WINDOW_DAYS: Record<Interval, number> = { day: 30, week: 12 * 7, month: 365 };

/** Totals and a chart of gross sales by day, week or month. */
export function ProviderEarnings() {
  const { api } = useSession();
  const [interval, setPer] = useState<Interval>("day");
  const range = () => ({
    startUtc: new Date(Date.now() - WINDOW_DAYS[interval] * 86_400_000).toISOString(),
    endUtc: new Date().toISOString(),
  });
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
        <Field label="Per">
          {(input) => (
            <select {...input} value={interval} onChange={(e) => setPer(e.target.value as Interval)}>
              <option value="day">day (30 days)</option>
              <option value="week">week (12 weeks)</option>
              <option value="month">month (12 months)</option>
            </select>
          )}
        </Field>
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
            label: p.periodStart.slice(0, interval === "month" ? 7 : 10),
            value: p.grossSales,
            text: money({ amount: p.grossSales, currency: p.currency }),
          }))}
        />
      ) : null}
    </>
  );
}
