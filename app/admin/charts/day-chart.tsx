import './charts.css';

/** One day of a chart: its Moscow date (`YYYY-MM-DD`) and value; null where a line has no value (a gap). */
export interface ChartPoint {
  day: string;
  value: number | null;
}

const WIDTH = 600;
const HEIGHT = 160;
const TOP = 8;
const BOTTOM = 20;
const LEFT = 0;

/** A round ceiling for the scale (1, 2 or 5 times a power of ten), so the top line reads as a plain figure. */
function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((m) => m * power >= max) ?? 10;
  return step * power;
}

function shortDay(day: string, locale: 'ru' | 'en'): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : 'ru-RU', {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/**
 * A day-by-day chart drawn as SVG (docs/decisions/0046-dashboard-charts.md): bars for counts and
 * sums, a line for an average. Each point carries its day and value (`data-day`, `data-value`) and a
 * tooltip; the figure is described for screen readers by `label`. Scales to its card's width.
 */
export function DayChart({
  points,
  kind = 'bar',
  label,
  format,
  locale,
}: {
  points: ChartPoint[];
  kind?: 'bar' | 'line';
  label: string;
  format: (value: number) => string;
  locale: 'ru' | 'en';
}) {
  const top = niceCeiling(Math.max(0, ...points.map((p) => p.value ?? 0)));
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = (WIDTH - LEFT) / Math.max(1, points.length);
  const y = (v: number) => TOP + plotHeight - (v / top) * plotHeight;
  const x = (i: number) => LEFT + slot * i + slot / 2;
  // Day labels under the axis: the first, the middle and the last day.
  const labelled = new Set([0, Math.floor((points.length - 1) / 2), points.length - 1]);
  const tip = (p: ChartPoint) => `${shortDay(p.day, locale)}: ${format(p.value ?? 0)}`;
  // A line runs through the days that have a value; a day without one breaks it.
  const runs: string[] = [];
  let run: string[] = [];
  points.forEach((p, i) => {
    if (p.value === null) {
      if (run.length > 0) runs.push(run.join(' '));
      run = [];
    } else run.push(`${x(i)},${y(p.value)}`);
  });
  if (run.length > 0) runs.push(run.join(' '));
  return (
    <figure className="adm-chart">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={label}
        data-points={points.length}
      >
        <line className="adm-chart__grid" x1={LEFT} x2={WIDTH} y1={TOP} y2={TOP} />
        <line className="adm-chart__grid" x1={LEFT} x2={WIDTH} y1={y(top / 2)} y2={y(top / 2)} />
        <line className="adm-chart__axis" x1={LEFT} x2={WIDTH} y1={y(0)} y2={y(0)} />
        {kind === 'bar' ? (
          points.map((p, i) => (
            <rect
              key={p.day}
              className="adm-chart__bar"
              data-day={p.day}
              data-value={p.value}
              x={x(i) - (slot * 0.7) / 2}
              width={slot * 0.7}
              y={y(p.value ?? 0)}
              height={Math.max(0, y(0) - y(p.value ?? 0))}
            >
              <title>{tip(p)}</title>
            </rect>
          ))
        ) : (
          <>
            {runs.map((line) => (
              <polyline key={line} className="adm-chart__line" points={line} />
            ))}
            {points.map((p, i) =>
              p.value === null ? null : (
                <circle
                  key={p.day}
                  className="adm-chart__dot"
                  data-day={p.day}
                  data-value={p.value}
                  cx={x(i)}
                  cy={y(p.value)}
                  r={points.length > 40 ? 1.5 : 3}
                >
                  <title>{tip(p)}</title>
                </circle>
              ),
            )}
          </>
        )}
      </svg>
      <div className="adm-chart__scale" aria-hidden="true">
        <span>{format(top)}</span>
      </div>
      <div className="adm-chart__days" aria-hidden="true">
        {points.map((p, i) =>
          labelled.has(i) ? (
            <span key={p.day} style={{ left: `${(x(i) / WIDTH) * 100}%` }}>
              {shortDay(p.day, locale)}
            </span>
          ) : null,
        )}
      </div>
    </figure>
  );
}

/** Horizontal bars of a ranking (sizes, products): the longest is the largest value. */
export function RankBars({
  rows,
  label,
}: {
  rows: { key: string; name: string; value: number; text: string }[];
  label: string;
}) {
  const max = Math.max(1, ...rows.map((r) => r.value));
  return (
    <ul className="adm-rank" aria-label={label}>
      {rows.map((r) => (
        <li key={r.key}>
          <span className="adm-rank__name">{r.name}</span>
          <span className="adm-rank__bar" aria-hidden="true">
            <span style={{ width: `${(r.value / max) * 100}%` }} />
          </span>
          <span className="adm-rank__value">{r.text}</span>
        </li>
      ))}
    </ul>
  );
}
