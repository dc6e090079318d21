import { Field } from "../ui/field";
import type { Interval } from "./interval";

/** The Earnings pages' "Per" choice: day, week or month, each named with the window it shows. */
export function IntervalField(props: { value: Interval; onChange: (interval: Interval) => void }) {
  return (
    <Field label="Per">
      {(input) => (
        <select {...input} value={props.value} onChange={(e) => props.onChange(e.target.value as Interval)}>
          <option value="day">day (30 days)</option>
          <option value="week">week (12 weeks)</option>
          <option value="month">month (12 months)</option>
        </select>
      )}
    </Field>
  );
}
