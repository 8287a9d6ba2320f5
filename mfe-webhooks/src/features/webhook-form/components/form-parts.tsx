import type { ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { platformFacts, type Platform } from '@outsync/contracts';
import type { WebhookFormKind } from '@outsync/contracts/webhooks';

/**
 * A field's label as each form shows it: the settings dialog ends its labels with a colon
 * (spec 01 §2.10: 'Sales Engagement Platform:'), the create form does not.
 */
export function labelOf(kind: WebhookFormKind, text: string): string {
  return kind === 'update' ? `${text}:` : text;
}

/** One choice list a field offers, and whether it is still being read. */
export interface Choices<T> {
  options: readonly T[];
  loading: boolean;
}

/** A titled group of fields (the additional endpoint rows). */
export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Fieldset>
      <Legend>{legend}</Legend>
      {children}
    </Fieldset>
  );
}

/** The form's fields, one under another. */
export const FieldStack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  min-width: 0;
`;

/** Controls in one line (a button beside its spinner). */
export const InlineRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${theme.space(2)};
`;

const Fieldset = styled.fieldset`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;

const Legend = styled.legend`
  padding: 0;
  margin-bottom: ${theme.space(2)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;

/** Whether the platform is the social tool (its facts say so; spec 01 §1). */
export function isSocialTool(platform: Platform | null): boolean {
  return platform !== null && platformFacts[platform].kind === 'social-tool';
}
