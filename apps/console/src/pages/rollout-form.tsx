import { type FormEvent, useState } from "react";
import { type components, unwrap, useAction, useLoad, useSession } from "../api";
import { navigate } from "../router";
import { ErrorNote, Field } from "../ui/field";

type Target = "all" | "board" | "devices";

/** The numbers a rollout takes, as typed (empty: the API's default). */
const NUMBERS = [
  { name: "firstWave", label: "Devices in the first wave", hint: "Default 1.", integer: true },
  {
    name: "growth",
    label: "Growth per wave",
    hint: "Each wave this many times the last; default 2.",
    integer: false,
  },
  {
    name: "failureThresholdPercent",
    label: "Pause above failed %",
    hint: "Default 10.",
    integer: true,
  },
  { name: "maxInFlight", label: "Installs at once at most", hint: "Default 50.", integer: true },
] as const;
type NumberName = (typeof NUMBERS)[number]["name"];

/**
 * Starts a rollout: a purchased item, a version, the devices (every device, a board's, or named ones) and
 * the pace. The API's 400s appear beneath the fields they name; on success the rollout's page opens.
 */
export function RolloutForm() {
  const { api } = useSession();
  const action = useAction();
  const [itemId, setItemId] = useState("");
  const [version, setVersion] = useState("");
  const [target, setTarget] = useState<Target>("all");
  const [boardId, setBoardId] = useState("");
  const [deviceIds, setDeviceIds] = useState("");
  const [numbers, setNumbers] = useState<Record<NumberName, string>>({
    firstWave: "",
    growth: "",
    failureThresholdPercent: "",
    maxInFlight: "",
  });
  const [local, setLocal] = useState<Record<string, string>>({});
  // The items bought (completed purchases), each once; the boards of the provider's devices.
  const choices = useLoad(async () => {
    const [purchases, devices] = await Promise.all([
      unwrap(api.GET("/marketplace/providers/purchases", { params: { query: { page: 1, pageSize: 100 } } })),
      unwrap(api.GET("/marketplace/providers/devices", { params: { query: { limit: 100, offset: 0 } } })),
    ]);
    const items = new Map<string, string>();
    for (const p of purchases.items)
      if (p.status === "completed") items.set(p.marketplaceItemId, p.displayName);
    const boards = new Map<string, string>();
    for (const d of devices.items) if (d.board) boards.set(d.board.id, d.board.name);
    return { items: [...items], boards: [...boards] };
  }, []);

  const fields = { ...action.fields, ...local };
  const deviceError = Object.entries(fields).find(([name]) => name.startsWith("deviceIds"))?.[1];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked: Record<string, string> = {};
    const body: Record<string, unknown> = { marketplaceItemId: itemId, version: version.trim() };
    for (const spec of NUMBERS) {
      const text = numbers[spec.name].trim();
      if (text === "") continue;
      const value = Number(text);
      if (!Number.isFinite(value) || (spec.integer && !Number.isInteger(value)))
        checked[spec.name] = spec.integer ? "Enter a whole number." : "Enter a number.";
      else body[spec.name] = value;
    }
    if (target === "board") body.boardId = boardId;
    if (target === "devices") {
      const ids = deviceIds.split(/[\s,]+/).filter(Boolean);
      if (ids.length === 0) checked.deviceIds = "Name at least one device.";
      body.deviceIds = ids;
    }
    setLocal(checked);
    if (Object.keys(checked).length > 0) return;
    const created = await action.run(() =>
      unwrap(
        api.POST("/marketplace/providers/rollouts", {
          // the defaults are the API's: the fields left out are optional on the wire
          body: body as components["schemas"]["RolloutRequestInput"],
        }),
      ),
    );
    if (created) navigate(`/provider/rollouts/${created.rolloutId}`);
  };

  const named = Object.keys(fields).length > 0;
  return (
    <section className="panel" aria-labelledby="new-rollout">
      <h2 id="new-rollout">New rollout</h2>
      <ErrorNote error={choices.error} />
      <form onSubmit={submit} noValidate>
        <div className="inline-form align-top">
          <Field label="Item" error={fields.marketplaceItemId}>
            {(input) => (
              <select {...input} value={itemId} onChange={(e) => setItemId(e.target.value)} required>
                <option value="">Choose a purchased item</option>
                {choices.data?.items.map(([id, name]) => (
                  <option key={id} value={id}>
                    {name}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field label="Version" error={fields.version} hint="The release version, e.g. 1.2.0+00000009.">
            {(input) => <input {...input} value={version} onChange={(e) => setVersion(e.target.value)} />}
          </Field>
        </div>
        <fieldset>
          <legend>Devices</legend>
          {(
            [
              ["all", "Every device of mine"],
              ["board", "Every device on a board"],
              ["devices", "These devices"],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="choice">
              <input
                type="radio"
                name="target"
                value={value}
                checked={target === value}
                onChange={() => setTarget(value)}
              />{" "}
              {label}
            </label>
          ))}
          {target === "board" ? (
            <Field label="Board" error={fields.boardId}>
              {(input) => (
                <select {...input} value={boardId} onChange={(e) => setBoardId(e.target.value)}>
                  <option value="">Choose a board</option>
                  {choices.data?.boards.map(([id, name]) => (
                    <option key={id} value={id}>
                      {name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
          ) : null}
          {target === "devices" ? (
            <Field
              label="Device ids"
              error={deviceError}
              hint="16 hex characters each, one per line, in wave order."
            >
              {(input) => (
                <textarea
                  {...input}
                  rows={4}
                  value={deviceIds}
                  onChange={(e) => setDeviceIds(e.target.value)}
                />
              )}
            </Field>
          ) : target === "all" && deviceError ? (
            <p className="field-error">{deviceError}</p>
          ) : null}
        </fieldset>
        <div className="inline-form align-top">
          {NUMBERS.map((spec) => (
            <Field key={spec.name} label={spec.label} error={fields[spec.name]} hint={spec.hint}>
              {(input) => (
                <input
                  {...input}
                  inputMode={spec.integer ? "numeric" : "decimal"}
                  value={numbers[spec.name]}
                  onChange={(e) => setNumbers({ ...numbers, [spec.name]: e.target.value })}
                />
              )}
            </Field>
          ))}
        </div>
        {named ? null : <ErrorNote error={action.error} />}
        <button type="submit" disabled={action.busy}>
          {action.busy ? "Starting…" : "Start rollout"}
        </button>
      </form>
    </section>
  );
}
