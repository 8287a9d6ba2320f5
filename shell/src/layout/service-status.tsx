import styled from 'styled-components';
import { theme } from '@outsync/ui';
import { useReadiness } from '../session/get-readiness';

export const statusTexts = {
  checking: 'Checking service status…',
  ok: 'All systems operational',
  down: 'Sync service unavailable',
} as const;

type Status = keyof typeof statusTexts;

function useServiceStatus(): Status {
  const readiness = useReadiness();
  if (readiness.isPending) return 'checking';
  return readiness.isError ? 'down' : 'ok';
}

/** The sidebar's status widget. The spec names a third-party widget; see docs/decisions.md. */
export function ServiceStatus() {
  const status = useServiceStatus();
  return (
    <Widget role="status" aria-label="Service status" data-status={status}>
      <Dot $status={status} aria-hidden="true" />
      {statusTexts[status]}
    </Widget>
  );
}

const dotColors: Record<Status, string> = {
  checking: theme.colors.borderStrong,
  ok: theme.colors.success,
  down: theme.colors.danger,
};

const Widget = styled.div`
  display: flex;
  align-items: center;
  gap: ${theme.space(2)};
  padding: ${theme.space(2)} ${theme.space(5)};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;

const Dot = styled.span<{ $status: Status }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $status }) => dotColors[$status]};
`;
