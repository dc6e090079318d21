import { useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { ErrorNote, Loading } from "../ui/field";
import { money } from "../ui/format";
import { Pager } from "../ui/pager";

/** The platform operator's fees per instance, currency and month. */
export function PlatformFees() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const fees = useLoad(
    () => unwrap(api.GET("/marketplace/earnings/platform", { params: { query: { page, pageSize: 50 } } })),
    [page],
  );
  // Names for the instance column: the operator is an admin, so it may list the instances. An instance
  // not on this first page (or a failed list) shows its id instead.
  const names = useLoad(
    () =>
      unwrap(api.GET("/marketplace/instances", { params: { query: { page: 1, pageSize: 100 } } })).then(
        (list) => new Map(list.items.map((instance) => [instance.id, instance.name])),
      ),
    [],
  );
  return (
    <>
      <h1>Platform fees</h1>
      <ErrorNote error={fees.error} />
      {fees.loading && !fees.data ? <Loading what="platform fees" /> : null}
      <div className="scroll">
        <table>
          <caption className="sr-only">Platform fees per instance and month</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Instance</th>
              <th scope="col">Sales</th>
              <th scope="col">Gross</th>
              <th scope="col">Fees</th>
            </tr>
          </thead>
          <tbody>
            {fees.data?.items.map((f) => (
              <tr key={`${f.month}/${f.marketplaceInstanceId}/${f.currency}`}>
                <td>{f.month}</td>
                <td>
                  {names.data?.get(f.marketplaceInstanceId) ?? (
                    <span className="mono">{f.marketplaceInstanceId}</span>
                  )}
                </td>
                <td>{f.saleCount}</td>
                <td>{money({ amount: f.grossSales, currency: f.currency })}</td>
                <td>{money({ amount: f.platformFees, currency: f.currency })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {fees.data?.items.length === 0 ? <p className="muted">No sales yet.</p> : null}
      {fees.data ? <Pager page={fees.data.page} totalPages={fees.data.totalPages} onPage={setPage} /> : null}
    </>
  );
}
