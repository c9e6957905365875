// Under a name field with a maxLength: how much of the limit is used, and a warning once it is reached, since the
// browser then drops further typing and cuts a pasted name without a word (an alias lost its last characters).
import { m } from "../i18n/index.ts";

export function LengthHint({ value, max, testId }: { value: string; max: number; testId?: string }) {
  const full = value.length >= max;
  return (
    <span className={full ? "field-hint field-warn" : "field-hint"} data-testid={testId} aria-live="polite">
      {full ? m.app.atLimit(max) : m.app.charCount(value.length, max)}
    </span>
  );
}
