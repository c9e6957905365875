// Appends per second with group commit vs one durable transaction per append, same load, same run.
// SQLite (file, WAL, synchronous=FULL) always; PostgreSQL too when BANSHA_TEST_PG is set.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { openStorage } from "../src/storage/open-storage.ts";
import type { OpenStorageOptions } from "../src/storage/storage.ts";

const CLIENTS = 100;
const DURATION_MS = Number(process.env.BENCH_DURATION_MS ?? 3000);

interface Result {
  readonly appends: number;
  readonly perSecond: number;
  readonly transactions: number;
}

/** CLIENTS concurrent writers, each appending one vote at a time to its own game, for DURATION_MS. */
async function run(url: string, options: OpenStorageOptions): Promise<Result> {
  let transactions = 0;
  const storage = await openStorage(url, { ...options, onBatchCommitted: () => transactions++ });
  let appends = 0;
  const start = performance.now();
  const stopAt = start + DURATION_MS;
  await Promise.all(
    Array.from({ length: CLIENTS }, async (_, c) => {
      const game = `bench-${c}`;
      let seq = await storage.lastSeq(game);
      while (performance.now() < stopAt) {
        const res = await storage.append(
          game,
          seq,
          [{ type: "VoteCast", at: Date.now(), voter: c, target: seq % 7 }],
          {
            requestId: `${c}-${seq}`,
          },
        );
        if (!res.ok) throw new Error(`unexpected ${res.code}`);
        seq = res.lastSeq;
        appends++;
      }
    }),
  );
  const elapsed = performance.now() - start;
  await storage.close();
  return { appends, perSecond: (appends * 1000) / elapsed, transactions };
}

function line(label: string, r: Result): string {
  const perTx = r.transactions === 0 ? 0 : r.appends / r.transactions;
  return `${label.padEnd(44)} ${r.perSecond.toFixed(0).padStart(7)} appends/s  (${perTx.toFixed(1)} appends per transaction)`;
}

async function sqlite(): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bansha-bench-"));
  try {
    const oneEach = await run(`sqlite:${join(dir, "one-each.sqlite")}`, { maxBatchSize: 1 });
    const grouped = await run(`sqlite:${join(dir, "grouped.sqlite")}`, {});
    console.log(`SQLite file, WAL, synchronous=FULL, ${CLIENTS} concurrent writers, ${DURATION_MS} ms each`);
    console.log(line("  one FULL transaction per append (baseline)", oneEach));
    console.log(line("  group commit", grouped));
    console.log(`  ratio group commit / baseline: ${(grouped.perSecond / oneEach.perSecond).toFixed(2)}x`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function postgres(url: string): Promise<void> {
  const schemas: string[] = [];
  const fresh = () => {
    const s = `bansha_bench_${randomBytes(5).toString("hex")}`;
    schemas.push(s);
    return s;
  };
  try {
    const perRequest = await run(url, { pgSchema: fresh(), maxBatchSize: 1, writeConcurrency: 10 });
    const grouped = await run(url, { pgSchema: fresh(), writeConcurrency: 1 });
    const groupedWide = await run(url, { pgSchema: fresh(), writeConcurrency: 4 });
    console.log(`PostgreSQL, synchronous_commit=on, ${CLIENTS} concurrent writers, ${DURATION_MS} ms each`);
    console.log(line("  one transaction per append, 10 connections", perRequest));
    console.log(line("  group commit, 1 transaction at a time", grouped));
    console.log(line("  group commit, up to 4 transactions at once", groupedWide));
    console.log(
      `  ratio group commit (1) / per append: ${(grouped.perSecond / perRequest.perSecond).toFixed(2)}x`,
    );
    console.log(
      `  ratio group commit (4) / per append: ${(groupedWide.perSecond / perRequest.perSecond).toFixed(2)}x`,
    );
  } finally {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    for (const s of schemas) await client.query(`drop schema if exists ${s} cascade`);
    await client.end();
  }
}

await sqlite();
const pgUrl = process.env.BANSHA_TEST_PG;
if (pgUrl) await postgres(pgUrl);
else console.log("PostgreSQL: skipped (set BANSHA_TEST_PG to include it)");
