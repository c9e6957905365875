// 评奖 on the referee's desk once the game has ended: each single award to a seat, or none, with a note.
import { type FormEvent, useState } from "react";
import { api, requestId } from "../api/client.ts";
import type { LiveGame } from "../api/use-game.ts";
import { SeatSelect } from "../components/SeatSelect.tsx";
import { useAction } from "../components/use-action.tsx";
import { m } from "../i18n/index.ts";
import { type AwardName, latestAwards } from "../lib/awards.ts";

const AWARDS: readonly AwardName[] = ["mvp", "acting", "writing", "devotion"];

export function RefereeAwards({ game }: { game: LiveGame }) {
  const id = game.data!.game.id;
  // Starts from what was given last, so a correction changes one award without retyping the rest.
  const given = latestAwards(game.events);
  const [chosen, setChosen] = useState<Record<AwardName, string>>(() => {
    const start = { mvp: "", acting: "", writing: "", devotion: "" };
    for (const a of given?.awards ?? []) start[a.award] = String(a.seat);
    return start;
  });
  const [note, setNote] = useState(given?.note ?? "");
  const { notice, run } = useAction();
  const seats = (game.view?.seats ?? []).map((s) => ({
    seat: s.seat,
    label: `${m.app.seat(s.seat)} ${s.alias}`,
  }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const awards = Object.fromEntries(AWARDS.map((a) => [a, chosen[a] === "" ? null : Number(chosen[a])]));
    await run(() => api.giveAwards(id, { requestId: requestId(), awards, note }), m.referee.awardsPublished);
  };
  return (
    <section className="card" data-testid="referee-awards">
      <h3>{m.referee.awardsTitle}</h3>
      <p className="muted small">{m.referee.awardsHint}</p>
      <form className="form" onSubmit={submit}>
        {AWARDS.map((a) => (
          <div key={a} className="field">
            <span className="field-label">{m.archive.awardName(a)}</span>
            <SeatSelect
              label={m.archive.awardName(a)}
              name={`award-${a}`}
              value={chosen[a]}
              onChange={(v) => setChosen((c) => ({ ...c, [a]: v }))}
              prompt={m.referee.awardsNone}
              promptSelectable
              seats={seats}
            />
          </div>
        ))}
        <input
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder={m.referee.awardsNote}
          name="awards-note"
          maxLength={2000}
        />
        {notice}
        <button type="submit" className="btn small">
          {m.referee.awardsSubmit}
        </button>
      </form>
    </section>
  );
}
