import { useState } from "react";
import { unwrap, useAction, useLoad, useSession } from "../api";
import { ErrorNote, Loading } from "../ui/field";
import { day, money } from "../ui/format";
import { Pager } from "../ui/pager";
import { ClosePeriod } from "./close-period";

/** Settlement statements the caller may read, with CSV and PDF exports. */
export function Statements() {
  const { api, session } = useSession();
  const [page, setPage] = useState(1);
  const download = useAction();
  const paid = useAction();
  const admin = session.roles.includes("admin");
  const statements = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/earnings/statements", {
          params: { query: { role: "any", status: "any", page, pageSize: 20 } },
        }),
      ),
    [page],
  );

  /** The export is fetched with the bearer token and handed to the browser as a file. */
  const save = (statementId: string, kind: "csv" | "pdf") =>
    download.run(async () => {
      const response = await fetch(`/marketplace/earnings/statements/${statementId}/export.${kind}`, {
        headers: { authorization: `Bearer ${session.token}` },
      });
      if (!response.ok) throw new Error(`the export answered ${response.status}`);
      const url = URL.createObjectURL(await response.blob());
      const a = document.createElement("a");
      a.href = url;
      a.download = `statement-${statementId}.${kind}`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    });

  return (
    <>
      <h1>Statements</h1>
      {admin ? <ClosePeriod onClosed={statements.reload} /> : null}
      <ErrorNote error={statements.error ?? download.error ?? paid.error} />
      {statements.loading && !statements.data ? <Loading what="statements" /> : null}
      <div className="scroll">
        <table>
          <caption className="sr-only">Statements</caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {admin ? <th scope="col">Organisation</th> : null}
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Gross</th>
              <th scope="col">Net</th>
              <th scope="col">Export</th>
            </tr>
          </thead>
          <tbody>
            {statements.data?.items.map((s) => (
              <tr key={s.id}>
                <td>
                  {day(s.periodStartUtc)} – {day(s.periodEndUtc)}
                </td>
                {admin ? <td className="mono">{s.organisationId}</td> : null}
                <td>{s.role}</td>
                <td>
                  <span className={`badge ${s.status}`}>{s.status}</span>
                </td>
                <td>{money({ amount: s.totals.grossSales, currency: s.currency })}</td>
                <td>{money({ amount: s.totals.net, currency: s.currency })}</td>
                <td className="actions">
                  <button type="button" disabled={download.busy} onClick={() => save(s.id, "csv")}>
                    CSV<span className="sr-only"> of {day(s.periodStartUtc)}</span>
                  </button>
                  <button type="button" disabled={download.busy} onClick={() => save(s.id, "pdf")}>
                    PDF<span className="sr-only"> of {day(s.periodStartUtc)}</span>
                  </button>
                  {admin && s.status === "finalized" ? (
                    <button
                      type="button"
                      disabled={paid.busy}
                      onClick={async () => {
                        const done = await paid.run(() =>
                          unwrap(
                            api.POST("/marketplace/earnings/statements/{id}/paid", {
                              params: { path: { id: s.id } },
                            }),
                          ),
                        );
                        if (done) statements.reload();
                      }}
                    >
                      Mark paid
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {statements.data?.items.length === 0 ? <p className="muted">No statements yet.</p> : null}
      {statements.data ? (
        <Pager page={statements.data.page} totalPages={statements.data.totalPages} onPage={setPage} />
      ) : null}
    </>
  );
}
