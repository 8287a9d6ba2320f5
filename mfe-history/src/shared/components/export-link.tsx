import { Button } from '@outsync/ui';
import styled from 'styled-components';
import type { CountState } from './history-table';

/** The export's texts (issue 34 item 4; beyond the spec). */
export const exportTexts = {
  label: 'Export CSV',
  rows: (count: number) =>
    `Downloads the ${count.toLocaleString('en-US')} ${count === 1 ? 'row' : 'rows'} these filters show, as a CSV file.`,
  capped: 'Downloads every row these filters show, as a CSV file.',
} as const;

/**
 * "Export CSV": a link the browser follows, so the file streams to disk at any size with the
 * browser's own progress, and the service applies the same scoping as the list. Shown once the
 * count says there is something to export (no button that would download an empty file).
 */
export function ExportLink({ href, count }: { href: string; count: CountState | undefined }) {
  if (!count || count.counting || count.count === 0) return null;
  return (
    // A div of its own: the screen's column stretches its children, the link keeps its width.
    <div>
      <DownloadButton
        as="a"
        $variant="secondary"
        href={href}
        download
        type="text/csv"
        title={count.capped ? exportTexts.capped : exportTexts.rows(count.count)}
      >
        {exportTexts.label}
      </DownloadButton>
    </div>
  );
}

/** The secondary button's look on a link: no link underline. */
const DownloadButton = styled(Button)`
  text-decoration: none;
`;
