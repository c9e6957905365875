// A code-name guess (代号猜想, score rule): one select of the offered codes, empty for no guess.
import { m } from "../i18n/index.ts";

export function CodeSelect({
  name,
  value,
  codes,
  onChange,
}: {
  name: string;
  value: string;
  codes: readonly string[];
  onChange: (code: string) => void;
}) {
  return (
    <select name={name} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">{m.vote.codePlaceholder}</option>
      {codes.map((c) => (
        <option key={c} value={c}>
          {c}
        </option>
      ))}
    </select>
  );
}
