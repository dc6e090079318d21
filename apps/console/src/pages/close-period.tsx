import { useState } from "react";
import { unwrap, useAction, useSession } from "../api";
import { ErrorNote, Field } from "../ui/field";

/** The platform operator closes a month: every open statement of it is finalised in one batch. */
export function ClosePeriod({ onClosed }: { onClosed: () => void }) {
  const { api } = useSession();
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1));
  const [month, setMonth] = useState(lastMonth.toISOString().slice(0, 7));
  const [live, setLive] = useState(false);
  const action = useAction();
  const [done, setDone] = useState<string>();
  return (
    <section className="panel" aria-labelledby="close-period">
      <h2 id="close-period">Close a period</h2>
      <p className="muted small">Platform operator only: finalises every open statement of the month.</p>
      <form
        className="inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          const [year, m] = month.split("-").map(Number);
          if (!year || !m) return;
          const start = new Date(Date.UTC(year, m - 1, 1)).toISOString();
          const end = new Date(Date.UTC(year, m, 1)).toISOString();
          const batch = await action.run(() =>
            unwrap(
              api.POST("/marketplace/earnings/statements/batches", {
                body: { periodStartUtc: start, periodEndUtc: end, livemode: live },
              }),
            ),
          );
          if (batch) {
            setDone(
              `Closed: ${batch.statementCount} statement${batch.statementCount === 1 ? "" : "s"} finalised.`,
            );
            onClosed();
          }
        }}
      >
        <Field label="Month" error={action.fields.periodStartUtc ?? action.fields.periodEndUtc}>
          {(input) => (
            <input
              {...input}
              type="month"
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              required
            />
          )}
        </Field>
        <Field label="Mode" error={action.fields.livemode}>
          {(input) => (
            <select
              {...input}
              value={live ? "live" : "test"}
              onChange={(e) => setLive(e.target.value === "live")}
            >
              <option value="test">test payments</option>
              <option value="live">live payments</option>
            </select>
          )}
        </Field>
        <button type="submit" disabled={action.busy}>
          Close the period
        </button>
      </form>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error} /> : null}
      {done ? (
        <p role="status" className="ok">
          {done}
        </p>
      ) : null}
    </section>
  );
}
