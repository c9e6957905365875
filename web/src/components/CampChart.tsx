// Hand-written SVG line chart: the living per camp, one point per round.
import { m } from "../i18n/index.ts";
import type { CampSeries } from "../lib/living-by-camp.ts";

const COLORS: Record<string, string> = { black: "#1f2937", white: "#d97706", neutral: "#6b7280" };

/** `camp`: a camp id's name in this game (the rule set's campNames); 黑道 / 白道 / 中立 when absent. */
export function CampChart({ series, camp: campName }: { series: CampSeries; camp?: (c: string) => string }) {
  const name = campName ?? ((c: string) => m.board.camp(c));
  const w = 360;
  const h = 200;
  const pad = { l: 32, r: 12, t: 12, b: 28 };
  const n = Math.max(1, series.rounds.length - 1);
  const max = Math.max(1, ...Object.values(series.counts).flat());
  const x = (i: number) => pad.l + (i / n) * (w - pad.l - pad.r);
  const y = (v: number) => h - pad.b - (v / max) * (h - pad.t - pad.b);
  const ticks = [0, Math.round(max / 2), max];
  return (
    <figure className="chart" data-testid="camp-chart">
      <svg viewBox={`0 0 ${w} ${h}`} role="img" aria-label={m.archive.chart}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={pad.l} x2={w - pad.r} y1={y(t)} y2={y(t)} className="grid" />
            <text x={pad.l - 6} y={y(t) + 4} textAnchor="end" className="tick">
              {t}
            </text>
          </g>
        ))}
        {series.rounds.map((r, i) => (
          <text key={r} x={x(i)} y={h - 8} textAnchor="middle" className="tick">
            {r === 0 ? m.archive.chartStart : r}
          </text>
        ))}
        {Object.entries(series.counts).map(([camp, values]) => (
          <g key={camp}>
            <polyline
              fill="none"
              stroke={COLORS[camp] ?? "#2563eb"}
              strokeWidth={2.5}
              points={values.map((v, i) => `${x(i)},${y(v)}`).join(" ")}
            />
            {values.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one point per round index
              <circle key={i} cx={x(i)} cy={y(v)} r={3.5} fill={COLORS[camp] ?? "#2563eb"}>
                <title>{`${name(camp)} ${m.archive.chartAxis(series.rounds[i] ?? 0)}: ${v}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <figcaption className="legend">
        {Object.keys(series.counts).map((c) => (
          <span key={c}>
            <i style={{ background: COLORS[c] ?? "#2563eb" }} /> {name(c)}
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
