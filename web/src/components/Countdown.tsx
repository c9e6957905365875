// A countdown to a server-time deadline; turns urgent in the last ten minutes.
import { useServerNow } from "../api/server-time.ts";
import { m } from "../i18n/index.ts";
import { clockOn, remaining } from "../lib/format.ts";

/** `starts`: the time is when something begins (a round, a posting window), not a deadline. */
export function Countdown({ at, label, starts = false }: { at: number; label?: string; starts?: boolean }) {
  const now = useServerNow();
  const left = at - now;
  const cls = left <= 0 ? "countdown passed" : left < 600_000 ? "countdown urgent" : "countdown";
  const when = clockOn(at, now);
  return (
    <div className={cls} data-testid="countdown">
      {label ? <span className="countdown-label">{label}</span> : null}
      <span className="countdown-time">
        {left <= 0 ? (starts ? m.countdown.started : m.countdown.passed) : m.countdown.left(remaining(left))}
      </span>
      <span className="countdown-at">{starts ? m.countdown.startsAt(when) : m.countdown.at(when)}</span>
    </div>
  );
}
