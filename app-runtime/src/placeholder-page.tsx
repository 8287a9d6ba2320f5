import { useAtomValue } from 'jotai';
import styled, { useTheme } from 'styled-components';
import { productNameAtom } from './product';
import { Page, theme } from '@outsync/ui';

export const placeholderNote = (productName: string) =>
  `This ${productName} screen is on its way: its area ships it in a coming release.`;

/**
 * Stand-in for a screen whose issue has not landed yet. It still renders through the shared
 * React, styled-components theme and layout, so it proves the module wiring end to end.
 */
export function PlaceholderPage({ title, module }: { title: string; module: string }) {
  // The theme the styled-components context gives (the shared one): proves the wiring.
  const contextTheme = useTheme();
  const productName = useAtomValue(productNameAtom);
  return (
    <Page title={title}>
      <Note data-module={module} data-theme-name={contextTheme.name}>
        {placeholderNote(productName)}
      </Note>
    </Page>
  );
}

const Note = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;
