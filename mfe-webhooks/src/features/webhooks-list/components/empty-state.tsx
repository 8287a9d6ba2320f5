import { useId } from 'react';
import { theme } from '@outsync/ui';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { productNameAtom } from '@outsync/app-runtime';

/** The empty state's texts (spec 01 §2.6): the welcome line names the product. */
export const emptyStateTexts = {
  heading: (product: string) => `Welcome to ${product}! Create a webhook to get started.`,
  text: 'Create a webhook to get started.',
} as const;

/** Shown when the user has no webhooks and nothing is loading. */
export function WebhooksEmptyState() {
  const product = useAtomValue(productNameAtom);
  const headingId = useId();
  return (
    <Frame aria-labelledby={headingId}>
      <Illustration />
      <Heading id={headingId}>{emptyStateTexts.heading(product)}</Heading>
      <Text>{emptyStateTexts.text}</Text>
    </Frame>
  );
}

/** A webhook carrying events from a platform to a CRM; decorative, so hidden from assistive tech. */
function Illustration() {
  return (
    <Picture viewBox="0 0 160 96" aria-hidden="true" focusable="false">
      <rect x="8" y="28" width="40" height="40" rx="8" fill="currentColor" opacity="0.15" />
      <rect x="112" y="28" width="40" height="40" rx="8" fill="currentColor" opacity="0.15" />
      <circle cx="28" cy="48" r="8" fill="currentColor" opacity="0.6" />
      <circle cx="132" cy="48" r="8" fill="currentColor" opacity="0.6" />
      <path
        d="M52 48 C 72 16, 88 80, 108 48"
        fill="none"
        stroke="currentColor"
        strokeWidth="3"
        strokeLinecap="round"
        strokeDasharray="6 6"
      />
      <path d="M100 42 L108 48 L100 54" fill="none" stroke="currentColor" strokeWidth="3" />
    </Picture>
  );
}

const Frame = styled.section`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(2)};
  padding: ${theme.space(6)} 0;
  text-align: center;
`;

const Picture = styled.svg`
  width: 160px;
  height: 96px;
  color: ${theme.colors.brand};
`;

const Heading = styled.h2`
  margin: 0;
  font-size: ${theme.font.size.lg};
`;

const Text = styled.p`
  margin: 0;
  color: ${theme.colors.inkMuted};
`;
