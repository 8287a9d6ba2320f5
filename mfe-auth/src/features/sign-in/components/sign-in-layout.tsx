import { useId, type ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { OutSyncLogo } from './outsync-logo';

/** The frame both sign-in screens share: the logo, then a centred card on the canvas. */
export function SignInLayout({
  title,
  lead,
  children,
}: {
  title: string;
  /** A line under the title. */
  lead?: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Canvas>
      <Panel aria-labelledby={titleId}>
        <OutSyncLogo />
        <Title id={titleId}>{title}</Title>
        {lead ? <Lead>{lead}</Lead> : null}
        {children}
      </Panel>
    </Canvas>
  );
}

const Canvas = styled.main`
  min-height: 100vh;
  display: flex;
  align-items: center;
  justify-content: center;
  padding: ${theme.space(6)};
  background:
    radial-gradient(circle at 15% 10%, rgb(79 70 229 / 10%), transparent 45%),
    radial-gradient(circle at 85% 90%, rgb(37 99 235 / 8%), transparent 40%), ${theme.colors.canvas};
`;

const Panel = styled.section`
  width: 100%;
  max-width: 420px;
  padding: ${theme.space(10)} ${theme.space(9)};
  background: ${theme.colors.surface};
  border: 1px solid #e5e7eb;
  border-radius: 14px;
  box-shadow:
    0 1px 2px rgb(17 24 39 / 6%),
    0 12px 32px rgb(17 24 39 / 8%);
  @media (max-width: 480px) {
    padding: ${theme.space(8)} ${theme.space(5)};
  }
`;

const Title = styled.h1`
  margin: ${theme.space(7)} 0 ${theme.space(2)};
  font-size: ${theme.font.size.xl};
  line-height: 1.25;
  letter-spacing: -0.01em;
`;

const Lead = styled.p`
  margin: 0 0 ${theme.space(6)};
  color: ${theme.colors.inkMuted};
  line-height: 1.5;
`;
