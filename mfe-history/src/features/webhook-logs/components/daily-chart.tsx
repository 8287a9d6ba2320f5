import { useId } from 'react';
import styled from 'styled-components';
import type { WebhookLogsDaily } from '@outsync/contracts/history';
import { VisuallyHidden, theme } from '@outsync/ui';

type Day = WebhookLogsDaily['days'][number];
type Outcome = 'synced' | 'held' | 'failed' | 'notSynced';

/** The chart's series, bottom to top, with their legend words. */
const series: { key: Outcome; label: string }[] = [
  { key: 'synced', label: 'synced' },
  { key: 'held', label: 'held' },
  { key: 'failed', label: 'failed' },
  { key: 'notSynced', label: 'not synced' },
];

export const chartTexts = {
  caption: 'Last 14 days by status',
  summary: (totals: Record<Outcome, number>) =>
    `Last 14 days by status: ${series.map(({ key, label }) => `${totals[key]} ${label}`).join(', ')}.`,
  day: (day: Day) =>
    `${day.date}: ${series.map(({ key, label }) => `${day[key]} ${label}`).join(', ')}`,
} as const;

const BAR_WIDTH = 18;
const GAP = 6;
const HEIGHT = 64;
const LABEL_ROOM = 14;

/**
 * A compact stacked bar chart of the last 14 days' events by outcome (beyond the spec: what the
 * delivery dashboards of webhook services show). Inline SVG, no library. Screen readers get the
 * totals as the image's name and every day's figures as its description.
 */
export function DailyChart({ days }: { days: readonly Day[] }) {
  const descriptionId = useId();
  const totals = Object.fromEntries(
    series.map(({ key }) => [key, days.reduce((sum, day) => sum + day[key], 0)]),
  ) as Record<Outcome, number>;
  const highest = Math.max(1, ...days.map((day) => series.reduce((sum, s) => sum + day[s.key], 0)));
  const width = days.length * (BAR_WIDTH + GAP);

  return (
    <Figure>
      <Caption>{chartTexts.caption}</Caption>
      <svg
        role="img"
        aria-label={chartTexts.summary(totals)}
        aria-describedby={descriptionId}
        viewBox={`0 0 ${width} ${HEIGHT + LABEL_ROOM}`}
        width={width}
        height={HEIGHT + LABEL_ROOM}
      >
        {days.map((day, index) => {
          const x = index * (BAR_WIDTH + GAP);
          let top = HEIGHT;
          return (
            <g key={day.date}>
              <title>{chartTexts.day(day)}</title>
              {series.map(({ key }) => {
                const height = (day[key] / highest) * HEIGHT;
                top -= height;
                return height > 0 ? (
                  <Bar key={key} $outcome={key} x={x} y={top} width={BAR_WIDTH} height={height} />
                ) : null;
              })}
              <DayLabel x={x + BAR_WIDTH / 2} y={HEIGHT + LABEL_ROOM - 2} textAnchor="middle">
                {day.date.slice(8)}
              </DayLabel>
            </g>
          );
        })}
      </svg>
      <Legend aria-hidden="true">
        {series.map(({ key, label }) => (
          <li key={key}>
            <Swatch $outcome={key} /> {label} ({totals[key]})
          </li>
        ))}
      </Legend>
      <VisuallyHidden as="ul" id={descriptionId}>
        {days.map((day) => (
          <li key={day.date}>{chartTexts.day(day)}</li>
        ))}
      </VisuallyHidden>
    </Figure>
  );
}

const fill = (outcome: Outcome) =>
  ({
    synced: 'success',
    held: 'info',
    failed: 'danger',
    notSynced: 'borderStrong',
  })[outcome] as 'success' | 'info' | 'danger' | 'borderStrong';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${theme.space(2)} ${theme.space(6)};
`;

const Caption = styled.figcaption`
  flex-basis: 100%;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

const Bar = styled.rect<{ $outcome: Outcome }>`
  fill: ${({ $outcome }) => theme.colors[fill($outcome)]};
`;

const DayLabel = styled.text`
  fill: ${theme.colors.inkMuted};
  font-size: 9px;
`;

const Legend = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;

const Swatch = styled.span<{ $outcome: Outcome }>`
  display: inline-block;
  width: 10px;
  height: 10px;
  border-radius: 2px;
  background: ${({ $outcome }) => theme.colors[fill($outcome)]};
`;
