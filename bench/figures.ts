// What every benchmark of the table shares: how a figure is summarised (median and spread of its
// repeated runs), how it is compared with its goal, and how the table is printed (bench/all.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** True when the file at `importMetaUrl` is the script node was started with (its CLI). */
export function isMain(importMetaUrl: string): boolean {
  const script = process.argv[1];
  return script !== undefined && path.resolve(script) === fileURLToPath(importMetaUrl);
}

/** The value at fraction `p` (0–1) of the samples, interpolated between the nearest two. */
export function quantile(samples: readonly number[], p: number): number {
  const sorted = samples.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const at = (sorted.length - 1) * p;
  const low = Math.floor(at);
  const high = Math.ceil(at);
  const lowValue = sorted[low] ?? Number.NaN;
  const highValue = sorted[high] ?? Number.NaN;
  return lowValue + (highValue - lowValue) * (at - low);
}

export const median = (samples: readonly number[]): number => quantile(samples, 0.5);

export interface Summary {
  n: number;
  median: number;
  min: number;
  max: number;
  q1: number;
  q3: number;
}

export function summarise(samples: readonly number[]): Summary {
  const finite = samples.filter((value) => Number.isFinite(value));
  return {
    n: finite.length,
    median: median(finite),
    min: finite.length > 0 ? Math.min(...finite) : Number.NaN,
    max: finite.length > 0 ? Math.max(...finite) : Number.NaN,
    q1: quantile(finite, 0.25),
    q3: quantile(finite, 0.75),
  };
}

/** A goal: the figure must be at most (`≤`) or at least (`≥`) `value`. */
export interface Goal {
  op: '≤' | '≥';
  value: number;
  /** Where the goal comes from, when it is not the issue the table is for (a reference). */
  reference?: boolean;
}

export const atMost = (value: number, reference = false): Goal => ({ op: '≤', value, reference });
export const atLeast = (value: number, reference = false): Goal => ({ op: '≥', value, reference });

export function meets(goal: Goal, value: number): boolean {
  return goal.op === '≤' ? value <= goal.value : value >= goal.value;
}

/** One row of the table: a figure's samples over the runs, and its goal. */
export interface Row {
  section: string;
  label: string;
  unit: string;
  /** One sample per run (or per repetition inside a run, when the row says so). */
  samples: number[];
  /** Digits after the decimal point. */
  digits: number;
  goal?: Goal;
  /** A few words after the verdict: what the samples are, a budget, a baseline. */
  note?: string;
  /** Set when the benchmark failed: printed instead of figures. */
  error?: string;
}

/** Below this many samples the spread is the range; from it on, the interquartile range. */
const IQR_FROM = 8;

function format(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}

/** The median and spread of a row's samples, as printed. */
export function describeRow(row: Row): { median: string; spread: string; verdict: string } {
  if (row.error) return { median: 'failed', spread: '', verdict: '' };
  const summary = summarise(row.samples);
  const median = `${format(summary.median, row.digits)}${row.unit ? ` ${row.unit}` : ''}`;
  let spread = '—';
  if (summary.n >= IQR_FROM)
    spread = `IQR ${format(summary.q1, row.digits)}–${format(summary.q3, row.digits)} (${format(summary.min, row.digits)}–${format(summary.max, row.digits)})`;
  else if (summary.n > 1)
    spread = `${format(summary.min, row.digits)}–${format(summary.max, row.digits)}`;
  let verdict = '';
  if (row.goal && Number.isFinite(summary.median))
    verdict = meets(row.goal, summary.median) ? 'ok' : row.goal.reference ? 'over' : 'NOT MET';
  return { median, spread, verdict };
}

function goalText(row: Row): string {
  if (!row.goal) return '';
  const unit = row.unit ? ` ${row.unit}` : '';
  return `${row.goal.op} ${row.goal.value}${unit}${row.goal.reference ? ' (ref.)' : ''}`;
}

/** The table: one line per row, grouped by section, columns aligned. */
export function formatTable(rows: readonly Row[]): string[] {
  const cells = rows.map((row) => {
    const { median, spread, verdict } = describeRow(row);
    return {
      section: row.section,
      cells: [
        `  ${row.label}`,
        median,
        row.error ? '' : String(summarise(row.samples).n),
        spread,
        goalText(row),
        verdict,
        row.error ? row.error : (row.note ?? ''),
      ],
    };
  });
  const header = ['figure', 'median', 'n', 'spread (min–max; IQR from n=8)', 'goal', '', 'note'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...cells.map((row) => (row.cells[column] ?? '').length)),
  );
  const line = (values: readonly string[]) =>
    values
      .map((value, column) =>
        column === values.length - 1
          ? value
          : column === 1 || column === 2
            ? value.padStart(widths[column] ?? 0)
            : value.padEnd(widths[column] ?? 0),
      )
      .join('  ')
      .trimEnd();
  const lines = [line(header), line(widths.map((width) => '─'.repeat(width)))];
  let section = '';
  for (const row of cells) {
    if (row.section !== section) {
      section = row.section;
      lines.push(section);
    }
    lines.push(line(row.cells));
  }
  return lines;
}

/** "12 min 5 s", "48 s". */
export function formatDuration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
