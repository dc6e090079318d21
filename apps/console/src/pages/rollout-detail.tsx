import { useEffect, useRef, useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { followRollout } from "../rollouts/follow";
import { Link } from "../router";
import { ErrorNote, Loading } from "../ui/field";
import { date } from "../ui/format";
import { Pager } from "../ui/pager";

type Rollout = components["schemas"]["Rollout"];
const FINAL = new Set(["completed", "cancelled"]);

/**
 * One rollout: status, counts and waves followed live from its event stream, the devices (paged), and
 * resume / cancel.
 */
export function RolloutDetail({ rolloutId }: { rolloutId: string }) {
  const { api } = useSession();
  const [page, setPage] = useState(1);
  const [changes, setChanges] = useState(0);
  const [live, setLive] = useState<"connecting" | "live" | "ended" | "lost">("connecting");
  const [lastEvent, setLastEvent] = useState<string>();
  const action = useAction();
  const rollout = useLoad(
    () => unwrap(api.GET("/marketplace/providers/rollouts/{rolloutId}", { params: { path: { rolloutId } } })),
    [rolloutId, changes],
  );
  const devices = useLoad(
    () =>
      unwrap(
        api.GET("/marketplace/providers/rollouts/{rolloutId}/devices", {
          params: { path: { rolloutId }, query: { page, pageSize: 25 } },
        }),
      ),
    [rolloutId, page, changes],
  );
  // Each event asks for the rollout and the device page again, at most every 300 ms.
  const pending = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    void followRollout(api, rolloutId, controller.signal, {
      onOpen: () => setLive("live"),
      onEvent: (event) => {
        setLastEvent(describe(event.type, event.data));
        if (pending.current) return;
        pending.current = setTimeout(() => {
          pending.current = undefined;
          setChanges((n) => n + 1);
        }, 300);
      },
    }).then(
      () => !controller.signal.aborted && setLive("ended"),
      () => !controller.signal.aborted && setLive("lost"),
    );
    return () => {
      controller.abort();
      clearTimeout(pending.current);
      pending.current = undefined;
    };
  }, [api, rolloutId]);

  const act = async (which: "resume" | "cancel") => {
    const done = await action.run(() =>
      unwrap(
        api.POST(`/marketplace/providers/rollouts/{rolloutId}/${which}`, { params: { path: { rolloutId } } }),
      ),
    );
    if (done) setChanges((n) => n + 1);
  };

  const r = rollout.data;
  return (
    <>
      <p>
        <Link to="/provider/rollouts">All rollouts</Link>
      </p>
      <h1>
        Rollout <span className="mono">{rolloutId.slice(0, 8)}</span>
      </h1>
      <ErrorNote error={rollout.error} />
      {rollout.loading && !r ? <Loading what="the rollout" /> : null}
      {r ? <Summary rollout={r} /> : null}
      <p className="muted small">
        {live === "live"
          ? "Following live."
          : live === "ended"
            ? "The rollout has ended."
            : live === "lost"
              ? "Live progress stopped; reload the page to follow it again."
              : "Connecting…"}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {lastEvent}
      </p>
      {r && !FINAL.has(r.status) ? (
        <div className="actions">
          {r.status === "paused" ? (
            <button type="button" disabled={action.busy} onClick={() => act("resume")}>
              Resume
            </button>
          ) : null}
          <button type="button" disabled={action.busy} onClick={() => act("cancel")}>
            Cancel rollout
          </button>
        </div>
      ) : null}
      <ErrorNote error={action.error} />
      <h2>Devices</h2>
      <ErrorNote error={devices.error} />
      <div className="scroll">
        <table>
          <caption className="sr-only">Devices of the rollout</caption>
          <thead>
            <tr>
              <th scope="col">Device</th>
              <th scope="col">Wave</th>
              <th scope="col">Status</th>
              <th scope="col">Why</th>
              <th scope="col">Finished</th>
            </tr>
          </thead>
          <tbody>
            {devices.data?.items.map((d) => (
              <tr key={d.deviceId}>
                <td className="mono">{d.deviceId}</td>
                <td>{d.wave ?? "—"}</td>
                <td>
                  <span className={`badge ${d.status}`}>{d.status.replace("_", " ")}</span>
                </td>
                <td>{d.skipReason ?? d.failureCode ?? ""}</td>
                <td>{date(d.finishedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {devices.data ? (
        <Pager page={devices.data.page} totalPages={devices.data.totalPages} onPage={setPage} />
      ) : null}
    </>
  );
}

function Summary({ rollout: r }: { rollout: Rollout }) {
  const c = r.counts;
  const finished = c.succeeded + c.failed + c.cancelled;
  const eligible = c.total - c.skipped;
  return (
    <section className="panel" aria-label="Progress">
      <p>
        Version {r.version}: <span className={`badge ${r.status}`}>{r.status}</span>, wave {r.currentWave} of{" "}
        {r.waveCount}
      </p>
      <progress
        max={Math.max(eligible, 1)}
        value={eligible === 0 ? 1 : finished}
        aria-label="Devices finished"
      >
        {finished} of {eligible}
      </progress>
      <dl className="totals">
        {(
          [
            ["Succeeded", c.succeeded],
            ["Failed", c.failed],
            ["In progress", c.inProgress],
            ["Queued", c.queued],
            ["Skipped", c.skipped],
            ["Cancelled", c.cancelled],
          ] as const
        ).map(([label, n]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{n}</dd>
          </div>
        ))}
      </dl>
      <p className="muted small">
        First wave {r.firstWave}, growth {r.growth}, pause above {r.failureThresholdPercent}% failed, at most{" "}
        {r.maxInFlight} at once. Started {date(r.createdAt)}
        {r.finishedAt ? `, finished ${date(r.finishedAt)}` : ""}.
      </p>
    </section>
  );
}

/** An event as a sentence for the live region. */
function describe(type: string, data: Record<string, unknown>): string {
  if (type === "device-updated") return `Device ${String(data.deviceId)}: ${String(data.status)}.`;
  if (type === "wave-started") return `Wave ${String(data.wave)} started.`;
  return `Rollout ${type.replace("rollout-", "")}.`;
}
