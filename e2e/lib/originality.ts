// A test-only originality port over the real index (src/text), seeded with one known source, so the editor's
// highlighting and the player/referee projections can be checked in the browser before the server wires its own.
import type { OriginalityPort } from "../../src/app/originality-port.ts";
import { createFingerprinter } from "../../src/text/fingerprint.ts";
import { OriginalityIndex } from "../../src/text/originality-index.ts";

/** A passage already "published" elsewhere: copying it into a post must light up. */
export const KNOWN_SOURCE =
  "大漠孤烟直，长河落日圆。萧关逢候骑，都护在燕然。单车欲问边，属国过居延。征蓬出汉塞，归雁入胡天。";

export async function seededOriginality(): Promise<OriginalityPort> {
  const index = new OriginalityIndex(await createFingerprinter());
  index.add({ id: "poem:使至塞上", label: "使至塞上", author: "王维" }, KNOWN_SOURCE);
  return {
    async check(text, { withSources, limitPercent }) {
      const r = index.check(text, { limitPercent });
      return {
        available: true,
        words: r.words,
        copiedWords: r.copiedWords,
        copiedPercent: Math.round(r.share * 1000) / 10,
        flagged: r.flagged,
        spans: r.spans.map((s) => ({
          start: s.start,
          end: s.end,
          ...(withSources && {
            source: { kind: "corpus", ref: s.source.docId, title: s.source.label ?? null },
          }),
        })),
      };
    },
  };
}
