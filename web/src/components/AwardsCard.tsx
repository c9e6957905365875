// 本局奖项: the awards the referee gave once the game ended (评奖), on the board and in the archive.
import type { GameEventDto, SeatView } from "../../../src/server/api-types.ts";
import { m } from "../i18n/index.ts";
import { latestAwards } from "../lib/awards.ts";
import { seatLabel } from "../lib/format.ts";

export function AwardsCard({
  events,
  seats,
}: {
  events: readonly GameEventDto[];
  seats: readonly SeatView[];
}) {
  const given = latestAwards(events);
  if (!given) return null;
  return (
    <section className="card" data-testid="awards">
      <h3>{m.archive.awards}</h3>
      <ul className="plain">
        {given.awards.map((a) => (
          <li key={a.award}>{m.archive.awardOf(m.archive.awardName(a.award), seatLabel(seats, a.seat))}</li>
        ))}
      </ul>
      {given.note ? <p className="muted small">{m.archive.awardsNote(given.note)}</p> : null}
    </section>
  );
}
