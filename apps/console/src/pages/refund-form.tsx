import { useState } from "react";
import { type components, unwrap, useAction, useSession } from "../api";
import { ErrorNote, Field } from "../ui/field";
import { money, toMinorUnits } from "../ui/format";

type Purchase = components["schemas"]["Purchase"];

/** A refund through Stripe, in full or in part; the purchase changes when Stripe's notification arrives. */
export function RefundForm({ purchase, onRefunded }: { purchase: Purchase; onRefunded: () => void }) {
  const { api } = useSession();
  const [amount, setAmount] = useState("");
  const [local, setLocal] = useState<string>();
  const action = useAction();
  const [accepted, setAccepted] = useState<string>();
  return (
    <details>
      <summary>Refund</summary>
      <form
        className="inline-form"
        aria-label={`Refund ${purchase.displayName} on ${purchase.deviceId}`}
        onSubmit={async (event) => {
          event.preventDefault();
          const minor = amount.trim() ? toMinorUnits(amount, purchase.amount.currency) : undefined;
          if (amount.trim() && minor === undefined)
            return setLocal("Enter a number such as 5.00, or leave it empty.");
          setLocal(undefined);
          const done = await action.run(() =>
            unwrap(
              api.POST("/marketplace/providers/purchases/{purchaseId}/refunds", {
                params: { path: { purchaseId: purchase.id } },
                body: { reason: "requested_by_customer", ...(minor ? { amount: minor } : {}) },
              }),
            ),
          );
          if (done) {
            setAccepted(
              `Stripe accepted a refund of ${money(done.amount)}; the status follows its confirmation.`,
            );
            setAmount("");
            setTimeout(onRefunded, 2000);
          }
        }}
      >
        <Field
          label={`Amount (${purchase.amount.currency}, empty: all that is left)`}
          error={local ?? action.fields.amount}
        >
          {(input) => (
            <input
              {...input}
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
            />
          )}
        </Field>
        <button type="submit" disabled={action.busy}>
          Refund
        </button>
      </form>
      {Object.keys(action.fields).length === 0 ? <ErrorNote error={action.error} /> : null}
      {accepted ? (
        <p role="status" className="ok">
          {accepted}
        </p>
      ) : null}
    </details>
  );
}
