import type { Translation } from '@kanna/shared/domain/translation';
import { useEffect, useRef, useState } from 'react';
import { useLanguage, useTexts } from '../../../lib/i18n';
import { formatWeek, formatWeekShort } from '../format';
import { adminTexts } from '../i18n';
import type en from '../i18n/en';

interface WeekValue {
  /** Monday of the week, YYYY-MM-DD. */
  weekStart: string;
  value: number;
}

interface WeeklyBarChartProps {
  title: string;
  weeks: WeekValue[];
  /** The value in words for the summary ("$1,234.50", "12 orders"). */
  format: (value: number) => string;
  /** The value above a bar, kept short ("$1.2K"). */
  formatShort: (value: number) => string;
}

const HEIGHT = 220;
const TOP = 22; // room for the value labels
const BOTTOM = 26; // room for the week labels
const GAP = 0.28; // share of each slot left empty between bars

/** Width of the figure in CSS pixels, so the SVG draws text at its real size at any width. */
function useWidth<T extends HTMLElement>(fallback: number) {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(fallback);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width] as const;
}

/** In words, for screen readers: the total, and the best week. */
function chartSummary(
  title: string,
  weeks: WeekValue[],
  format: (value: number) => string,
  t: Translation<typeof en>['overview'],
  week: (day: string) => string,
): string {
  if (weeks.length === 0) return t.noWeeks(title);
  const total = weeks.reduce((sum, w) => sum + w.value, 0);
  const best = weeks.reduce((top, w) => (w.value > top.value ? w : top), weeks[0] as WeekValue);
  const span = t.weeksFrom(weeks.length, week(weeks[0]?.weekStart ?? ''));
  if (total === 0) return t.nothingYet(title, span);
  return t.chartSummary(title, span, format(total), format(best.value), week(best.weekStart));
}

/**
 * A bar per week, drawn as SVG at the figure's own width. The picture is one image for
 * assistive technology, named by a summary; the figures themselves are in the table beside it.
 */
export function WeeklyBarChart({ title, weeks, format, formatShort }: WeeklyBarChartProps) {
  const t = useTexts(adminTexts).overview;
  const language = useLanguage();
  const weekName = (day: string) => formatWeek(day, language);
  const [figure, width] = useWidth<HTMLElement>(480);
  const max = Math.max(0, ...weeks.map((w) => w.value));
  const slot = weeks.length > 0 ? width / weeks.length : width;
  const barWidth = slot * (1 - GAP);
  const plot = HEIGHT - TOP - BOTTOM;
  const baseline = TOP + plot;

  return (
    <figure ref={figure} className="w-full min-w-0">
      <figcaption className="mb-2 font-semibold">{title}</figcaption>
      <svg
        role="img"
        aria-label={chartSummary(title, weeks, format, t, weekName)}
        width={width}
        height={HEIGHT}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        className="block max-w-full overflow-visible text-base-content"
      >
        <line x1={0} x2={width} y1={baseline} y2={baseline} stroke="currentColor" strokeOpacity={0.35} />
        {weeks.map((week, i) => {
          const h = max > 0 ? (week.value / max) * plot : 0;
          const x = i * slot + (slot - barWidth) / 2;
          const center = i * slot + slot / 2;
          return (
            <g key={week.weekStart}>
              <rect
                x={x}
                y={baseline - Math.max(h, 2)}
                width={barWidth}
                height={Math.max(h, 2)}
                rx={3}
                className={week.value > 0 ? 'fill-primary' : 'fill-base-300'}
              />
              <text
                x={center}
                y={baseline - Math.max(h, 2) - 6}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                {formatShort(week.value)}
              </text>
              <text
                x={center}
                y={HEIGHT - 8}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
                fillOpacity={0.8}
              >
                {formatWeekShort(week.weekStart, language)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
