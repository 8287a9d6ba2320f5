import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { useApi } from '@outsync/app-runtime';

export const statusTexts = {
  checking: 'Checking service status…',
  ok: 'All systems operational',
  down: 'Sync service unavailable',
} as const;

type Status = keyof typeof statusTexts;

const POLL_MS = 30_000;

/**
 * The sidebar's status widget: the sync-service's readiness (it answers once MongoDB does),
 * checked on open and every 30 s. The spec names a third-party widget; see docs/decisions.md.
 */
export function ServiceStatus() {
  const api = useApi();
  const [status, setStatus] = useState<Status>('checking');

  useEffect(() => {
    let active = true;
    const check = () =>
      api.ready().then(
        () => active && setStatus('ok'),
        () => active && setStatus('down'),
      );
    void check();
    const timer = setInterval(() => void check(), POLL_MS);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [api]);

  return (
    <Widget role="status" aria-label="Service status" data-status={status}>
      <Dot $status={status} aria-hidden="true" />
      {statusTexts[status]}
    </Widget>
  );
}

const dotColors: Record<Status, string> = { checking: '#9ca3af', ok: '#16a34a', down: '#dc2626' };

const Widget = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(5)}`};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.inkMuted};
`;

const Dot = styled.span<{ $status: Status }>`
  width: 8px;
  height: 8px;
  border-radius: 50%;
  background: ${({ $status }) => dotColors[$status]};
`;
