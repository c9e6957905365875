// One game's live state: the filtered view from GET, then the SSE stream (events and refreshed views).
import { useCallback, useEffect, useRef, useState } from "react";
import type {
  GameEventDto,
  GameStatus,
  GameView,
  GameViewResponse,
  StreamMessage,
} from "../../../src/server/api-types.ts";
import { fillBallots, type HeldBallots, noBallotsHeld } from "../lib/held-ballots.ts";
import { api, errorText } from "./client.ts";
import { EventBatcher } from "./event-batcher.ts";
import { openReconnectingStream } from "./reconnecting-stream.ts";
import { noteServerTime } from "./server-time.ts";

export interface LiveGame {
  data: GameViewResponse | null;
  view: GameView | null;
  status: GameStatus | null;
  /**
   * Every event this viewer may see, in seq order, except `VoteCast`: the stream leaves the ballots out, and the
   * views list those of the open vote threads. A page that needs past ballots fetches them (api.events).
   */
  events: GameEventDto[];
  /**
   * The last seq this page has heard of, ballots included: changes with every event this viewer may see, sent or
   * left out (events hidden from it leave it as it is).
   */
  lastSeq: number;
  error: string | null;
  live: boolean;
  reload: () => Promise<void>;
}

export function useGame(id: string): LiveGame {
  const [data, setData] = useState<GameViewResponse | null>(null);
  const [view, setView] = useState<GameView | null>(null);
  const [status, setStatus] = useState<GameStatus | null>(null);
  const [events, setEvents] = useState<GameEventDto[]>([]);
  const [lastSeq, setLastSeq] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [live, setLive] = useState(false);
  const seen = useRef(0);
  const refetch = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The open vote threads' ballots so far: the stream's views list only the new ones (api-types StreamMessage). */
  const held = useRef<HeldBallots>(noBallotsHeld);

  const reload = useCallback(async () => {
    try {
      const res = await api.game(id);
      noteServerTime(res.serverTime);
      setData(res);
      setLastSeq((s) => Math.max(s, res.lastSeq));
      setView(res.view);
      setStatus(res.game.status);
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [id]);

  useEffect(() => {
    seen.current = 0;
    held.current = noBallotsHeld;
    setEvents([]);
    setLastSeq(0);
    // A burst (the backlog, a rush) is added in one update, not one copy of the whole list per event.
    const batcher = new EventBatcher<GameEventDto>({
      onBatch: (batch) => {
        setEvents((prev) => prev.concat(batch));
        setLastSeq((s) => Math.max(s, batch.at(-1)?.seq ?? 0));
      },
    });
    setData(null);
    setView(null);
    void reload();
    const onEvent = (e: MessageEvent<string>) => {
      const msg = JSON.parse(e.data) as StreamMessage;
      if (msg.kind !== "game-event" || msg.event.seq <= seen.current) return;
      seen.current = msg.event.seq;
      batcher.add(msg.event);
      // Membership and status live outside the engine view: refetch them once a burst of app events settles.
      // Discussion posts change neither, and come in bursts.
      if (msg.event.type.startsWith("app.") && msg.event.type !== "app.DiscussionPosted") {
        if (refetch.current) clearTimeout(refetch.current);
        refetch.current = setTimeout(() => void reload(), 300);
      }
    };
    const onView = (e: MessageEvent<string>) => {
      const msg = JSON.parse(e.data) as StreamMessage;
      if (msg.kind !== "view") return;
      // The events the view counts are on the page before it.
      batcher.flush();
      // Every event up to the view's lastSeq was sent or left out (ballots): a new connection resumes after it.
      seen.current = Math.max(seen.current, msg.lastSeq);
      setLastSeq((s) => Math.max(s, msg.lastSeq));
      noteServerTime(msg.serverTime);
      const filled = fillBallots(msg.view, held.current);
      if (!filled) {
        // New ballots after some this page never got: not expected (each connection starts its lists again),
        // but the page would show a short list; the whole view is fetched instead.
        held.current = noBallotsHeld;
        void reload();
        return;
      }
      held.current = filled.held;
      setView(filled.view);
      setStatus(msg.status);
      setData((d) =>
        d && d.game.status !== msg.status ? { ...d, game: { ...d.game, status: msg.status } } : d,
      );
    };
    const close = openReconnectingStream({
      // A new connection resumes after the last event this page has (the browser's own retries send it as
      // Last-Event-ID).
      url: () => api.streamUrl(id, seen.current),
      listeners: { "game-event": onEvent, view: onView },
      onLive: setLive,
      // Membership and status are not in the stream: what changed while it was down is fetched again.
      onReconnect: () => void reload(),
    });
    return () => {
      close();
      batcher.clear();
    };
  }, [id, reload]);

  return { data, view, status, events, lastSeq, error, live, reload };
}
