import { type ReactNode, useId } from "react";
import { sentence } from "../api";

/**
 * A labelled input with the API's message about it beneath (`aria-describedby`, `aria-invalid`), so a
 * 400 naming `body.price.amount` is read out next to the price.
 */
export function Field(props: {
  label: string;
  error?: string | undefined;
  hint?: string;
  children: (input: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="field">
      <label htmlFor={id}>{props.label}</label>
      {props.children({
        id,
        ...(props.error || props.hint ? { "aria-describedby": messageId } : {}),
        ...(props.error ? { "aria-invalid": true } : {}),
      })}
      {props.error ? (
        <p className="field-error" id={messageId}>
          {props.error}
        </p>
      ) : props.hint ? (
        <p className="hint" id={messageId}>
          {props.hint}
        </p>
      ) : null}
    </div>
  );
}

/** A failure that names no field, as a sentence (announced to screen readers). */
export function ErrorNote({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p className="error" role="alert">
      {sentence(error)}
    </p>
  );
}

export function Loading({ what }: { what: string }) {
  return (
    <p className="muted" aria-live="polite">
      Loading {what}…
    </p>
  );
}
