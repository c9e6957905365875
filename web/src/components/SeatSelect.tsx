// A required seat picker of the referee's off-site entries: a disabled prompt, then each seat by its label.

export function SeatSelect({
  name,
  value,
  onChange,
  prompt,
  seats,
}: {
  name: string;
  /** The chosen seat as the select holds it ("" for none yet). */
  value: string;
  onChange: (seat: string) => void;
  prompt: string;
  seats: readonly { seat: number; label: string }[];
}) {
  return (
    <select value={value} onChange={(e) => onChange(e.target.value)} required name={name}>
      <option value="" disabled>
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
