import styled from 'styled-components';
import { VisuallyHidden } from '@outsync/ui';
import { LinkButton } from '@outsync/ui/form';
import { JsonViewer } from '@outsync/ui/json';
import { Dialog } from '@outsync/ui/overlay';
import { LoadingMessageText } from './loading-text';
import { historyTexts } from './history-texts';

/** The Payload cell's lines (spec 02 §2.9, §2.11). */
export interface PayloadSummary {
  subject: string | null;
  toEmail: string | null;
  fromEmail: string | null;
  event: string | null;
}

export const payloadTexts = {
  subject: 'Subject',
  toEmail: 'To Email',
  fromEmail: 'From Email',
  event: 'Event',
  // After the visible summary: the button's name starts with what it shows (WCAG 2.5.3).
  open: (id: string) => `, open the payload of ${id}`,
  dialogTitle: (id: string) => `Payload ${id}`,
  jsonLabel: 'Payload',
} as const;

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

/** The JSON of a payload in a dialog; a spinner until it is there. */
export function PayloadDialog({
  id,
  value,
  loading,
  onClose,
}: {
  id: string;
  value: unknown;
  loading: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title={payloadTexts.dialogTitle(id)} size="lg">
      {loading ? (
        <LoadingMessageText text={historyTexts.loading} />
      ) : (
        <JsonViewer value={value} label={payloadTexts.jsonLabel} expandDepth={3} />
      )}
    </Dialog>
  );
}

const PayloadButton = styled(LinkButton)`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space(1)};
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
