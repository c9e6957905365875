// A seat picker of the referee's forms: a prompt, then each seat by its label. Required unless the prompt itself is a
// choice (`promptSelectable`: 「不评」, meaning no seat).

export function SeatSelect({
  name,
  value,
  onChange,
  prompt,
  seats,
  promptSelectable = false,
  label,
}: {
  name: string;
  /** The chosen seat as the select holds it ("" for none yet). */
  value: string;
  onChange: (seat: string) => void;
  prompt: string;
  seats: readonly { seat: number; label: string }[];
  promptSelectable?: boolean;
  /** The select's accessible name where no <label> wraps it. */
  label?: string;
}) {
  return (
    <select
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required={!promptSelectable}
      name={name}
      aria-label={label}
    >
      <option value="" disabled={!promptSelectable}>
        {prompt}
      </option>
      {seats.map((s) => (
        <option key={s.seat} value={s.seat}>
          {s.label}
        </option>
      ))}
    </select>
  );
}
