import type { ReactNode } from 'react';
import { theme } from './theme/theme';
import styled from 'styled-components';

/** The frame every screen uses: a title and its content on a card. */
export function Page({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Section aria-labelledby="page-title">
      <Title id="page-title">{title}</Title>
      <Card>{children}</Card>
    </Section>
  );
}

const Section = styled.section`
  padding: ${theme.space(6)};
`;

const Title = styled.h1`
  margin: 0 0 ${theme.space(4)};
  font-size: ${theme.font.size.xl};
`;

export const Card = styled.div`
  background: ${theme.colors.surface};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  padding: ${theme.space(5)};
`;

/** The parts of a screen's card, one under another with a rule between them. */
export const Sections = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(6)};
  & > * + * {
    padding-top: ${theme.space(6)};
    border-top: 1px solid ${theme.colors.border};
  }
`;
