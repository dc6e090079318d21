import { useState } from "react";
import { unwrap, useLoad, useSession } from "../api";
import { Link } from "../router";
import { ErrorNote, Loading } from "../ui/field";
import { date } from "../ui/format";
import { Pager } from "../ui/pager";
import { RolloutDetail } from "./rollout-detail";
import { RolloutForm } from "./rollout-form";

/**
 * The provider's rollouts (newest first, paged) with the form that starts one, or one rollout's detail.
 * Loaded on demand (a chunk of its own) so the console's first load stays small.
 */
export default function ProviderRollouts({ rolloutId }: { rolloutId?: string | undefined }) {
  if (rolloutId) return <RolloutDetail rolloutId={rolloutId} />;
  return <RolloutList />;
}

function RolloutList() {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const rollouts = useLoad(
    () => unwrap(api.GET("/marketplace/providers/rollouts", { params: { query: { page, pageSize: 20 } } })),
    [page],
  );
  return (
    <>
      <h1>Rollouts</h1>
      <RolloutForm />
      <h2>Your rollouts</h2>
      <ErrorNote error={rollouts.error} />
      {rollouts.loading && !rollouts.data ? <Loading what="rollouts" /> : null}
      {rollouts.data?.items.length === 0 ? <p className="muted">No rollout yet.</p> : null}
      <div className="scroll">
        <table>
          <caption className="sr-only">Rollouts</caption>
          <thead>
            <tr>
              <th scope="col">Rollout</th>
              <th scope="col">Version</th>
              <th scope="col">Status</th>
              <th scope="col">Wave</th>
              <th scope="col">Succeeded / failed / total</th>
              <th scope="col">Started</th>
            </tr>
          </thead>
          <tbody>
            {rollouts.data?.items.map((r) => (
              <tr key={r.rolloutId}>
                <td>
                  <Link to={`/provider/rollouts/${r.rolloutId}`} className="mono">
                    {r.rolloutId.slice(0, 8)}
                  </Link>
                </td>
                <td>{r.version}</td>
                <td>
                  <span className={`badge ${r.status}`}>{r.status}</span>
                </td>
                <td>
                  {r.currentWave} of {r.waveCount}
                </td>
                <td>
                  {r.counts.succeeded} / {r.counts.failed} / {r.counts.total}
                </td>
                <td>{date(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rollouts.data ? (
        <Pager page={rollouts.data.page} totalPages={rollouts.data.totalPages} onPage={setPage} />
      ) : null}
    </>
  );
}
