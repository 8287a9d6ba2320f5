import { lazy, Suspense } from 'react';
import styled from 'styled-components';
import { VisuallyHidden, theme } from '@outsync/ui';
import { LinkButton } from '@outsync/ui/form';
import { historyTexts } from './history-texts';
import type { PayloadDialogProps } from './payload-dialog';
import { payloadTexts } from './payload-texts';

/** The Payload cell's lines (spec 02 §2.9, §2.11). */
export interface PayloadSummary {
  subject: string | null;
  toEmail: string | null;
  fromEmail: string | null;
  event: string | null;
}

/** The Payload cell: its summary, a button that opens the full JSON. */
export function PayloadCell({
  id,
  summary,
  onOpen,
}: {
  id: string;
  summary: PayloadSummary;
  onOpen: () => void;
}) {
  const lines: [string, string | null][] = [
    [payloadTexts.subject, summary.subject],
    [payloadTexts.toEmail, summary.toEmail],
    [payloadTexts.fromEmail, summary.fromEmail],
    [payloadTexts.event, summary.event],
  ];
  return (
    <PayloadButton onClick={onOpen}>
      {lines.map(([label, value]) => (
        <Line key={label}>
          <Label>{label}:</Label> {value ?? historyTexts.emptyCell}
        </Line>
      ))}
      <VisuallyHidden>{payloadTexts.open(id)}</VisuallyHidden>
    </PayloadButton>
  );
}

// The dialog and the JSON viewer load when a payload is first opened: the tables do not need
// them to show, and the module's first load stays small.
const LazyPayloadDialog = lazy(() =>
  import('./payload-dialog').then((module) => ({ default: module.PayloadDialog })),
);

/** The JSON of a payload in a dialog, its code loaded the first time one opens. */
export function PayloadDialog(props: PayloadDialogProps) {
  return (
    <Suspense fallback={null}>
      <LazyPayloadDialog {...props} />
    </Suspense>
  );
}

const PayloadButton = styled(LinkButton)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${theme.space(1)};
  text-align: start;
  font-weight: 400;
  overflow-wrap: anywhere;
`;

const Line = styled.span`
  display: block;
`;

const Label = styled.span`
  font-weight: 600;
`;
