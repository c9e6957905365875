// One load-generating client of the crash test: its players vote at random times, retrying with the same request id.
import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

export interface ClientInput {
  baseUrl: string;
  gameId: string;
  players: { cookie: string; seat: number }[];
  seats: number[];
  votesPerPlayer: number;
  startAt: number;
  sendUntil: number;
  giveUpAt: number;
}

export interface VoteRecord {
  requestId: string;
  voter: number;
  targets: number[];
  /** Client wall time of the first send (for the report only; the server's receipt time is what counts). */
  firstSentAt: number;
  outcome: "ack" | "refused" | "gave-up";
  attempts: number;
  /** What the last attempt that got no usable answer met (a status and body, or the fetch's error). */
  lastFailure?: string;
  seq?: number;
  receivedAt?: number;
  replayed?: boolean;
  code?: string;
  refusedAt?: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function send(input: ClientInput, cookie: string, rec: VoteRecord): Promise<void> {
  for (;;) {
    rec.attempts++;
    try {
      const res = await fetch(`${input.baseUrl}/api/games/${input.gameId}/votes`, {
        method: "POST",
        headers: { "content-type": "application/json", cookie: `bansha_session=${cookie}` },
        body: JSON.stringify({ requestId: rec.requestId, targets: rec.targets }),
        signal: AbortSignal.timeout(5000),
      });
      const body = (await res.json()) as {
        seq?: number;
        receivedAt?: number;
        replayed?: boolean;
        error?: { code: string; details?: { at?: number } };
      };
      if (res.status === 200) {
        rec.outcome = "ack";
        rec.seq = body.seq!;
        rec.receivedAt = body.receivedAt!;
        rec.replayed = body.replayed ?? false;
        return;
      }
      if (res.status === 409 || res.status === 403 || res.status === 400) {
        rec.outcome = "refused";
        rec.code = body.error?.code ?? String(res.status);
        if (body.error?.details?.at !== undefined) rec.refusedAt = body.error.details.at;
        return;
      }
      rec.lastFailure = `${res.status} ${JSON.stringify(body).slice(0, 200)}`;
    } catch (error) {
      // The server was killed mid-request: retry with the same request id.
      const cause = (error as Error & { cause?: Error }).cause;
      rec.lastFailure = `${(error as Error).name}: ${(error as Error).message}${cause ? ` (${cause.message})` : ""}`;
    }
    if (Date.now() > input.giveUpAt) {
      rec.outcome = "gave-up";
      return;
    }
    await sleep(100 + Math.random() * 200);
  }
}

async function player(
  input: ClientInput,
  p: { cookie: string; seat: number },
  out: VoteRecord[],
): Promise<void> {
  const span = input.sendUntil - input.startAt;
  const times = Array.from({ length: input.votesPerPlayer }, () => input.startAt + Math.random() * span).sort(
    (a, b) => a - b,
  );
  // Each vote names a seat this player has not named before: the server refuses the standing ballot sent again
  // (vote.unchanged), which the harness would count as a vote refused before the deadline.
  const named = new Set<number>([p.seat]);
  for (const t of times) {
    const wait = t - Date.now();
    if (wait > 0) await sleep(wait);
    const others = input.seats.filter((s) => !named.has(s));
    const target = others[Math.floor(Math.random() * others.length)]!;
    named.add(target);
    const rec: VoteRecord = {
      requestId: randomBytes(12).toString("hex"),
      voter: p.seat,
      targets: [target],
      firstSentAt: Date.now(),
      outcome: "gave-up",
      attempts: 0,
    };
    out.push(rec);
    await send(input, p.cookie, rec);
  }
}

const [inputFile, outputFile] = process.argv.slice(2);
if (inputFile && outputFile) {
  const input = JSON.parse(readFileSync(inputFile, "utf8")) as ClientInput;
  const out: VoteRecord[] = [];
  await Promise.all(input.players.map((p) => player(input, p, out)));
  writeFileSync(outputFile, JSON.stringify(out));
}
