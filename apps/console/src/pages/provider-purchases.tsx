import { useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { ErrorNote, Loading } from "../ui/field";
import { date, money } from "../ui/format";
import { Pager } from "../ui/pager";
import { RefundForm } from "./refund-form";

/** Purchases (newest first) and the activity feed of the last 30 days. */
export function ProviderPurchases() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const paid = new URLSearchParams(window.location.search).has("paid");
  const purchases = useLoad(
    () => unwrap(api.GET("/marketplace/providers/purchases", { params: { query: { page, pageSize: 20 } } })),
    [page],
  );
  const activity = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/purchases/activity", {
          params: {
            query: {
              startUtc: new Date(Date.now() - 30 * 86_400_000).toISOString(),
              endUtc: new Date().toISOString(),
              limit: 20,
            },
          },
        }),
      ),
    [],
  );
  return (
    <>
      <h1>Purchases</h1>
      {paid ? (
        <p role="status" className="ok">
          Payment received. The purchase appears below once Stripe's notification has arrived.{" "}
          <button type="button" className="link" onClick={purchases.reload}>
            Refresh
          </button>
        </p>
      ) : null}
      <ErrorNote error={purchases.error} />
      {purchases.loading && !purchases.data ? <Loading what="purchases" /> : null}
      <div className="scroll">
        <table>
          <caption className="sr-only">Purchases</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Device</th>
              <th scope="col">Amount</th>
              <th scope="col">Status</th>
              <th scope="col">Purchased</th>
              <th scope="col">
                <span className="sr-only">Refund</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {purchases.data?.items.map((p) => (
              <tr key={p.id}>
                <td>{p.displayName}</td>
                <td className="mono">{p.deviceId}</td>
                <td>{money(p.amount)}</td>
                <td>
                  <span className={`badge ${p.status}`}>{p.status.replace("_", " ")}</span>
                </td>
                <td>{date(p.purchasedAt)}</td>
                <td>
                  {p.status === "completed" || p.status === "partially_refunded" ? (
                    <RefundForm purchase={p} onRefunded={purchases.reload} />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {purchases.data ? (
        <Pager page={purchases.data.page} totalPages={purchases.data.totalPages} onPage={setPage} />
      ) : null}
      <h2>Activity</h2>
      <ErrorNote error={activity.error} />
      <ol className="activity">
        {activity.data?.items.map((a, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the feed has no id of its own
          <li key={i}>
            <time dateTime={a.at}>{date(a.at)}</time> · {a.kind} · {a.displayName}
            {a.amount ? ` · ${money(a.amount)}` : ""} · <span className="mono">{a.deviceId}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
