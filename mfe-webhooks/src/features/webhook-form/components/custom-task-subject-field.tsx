import styled from 'styled-components';
import { theme } from '@outsync/ui';
import { customTaskSubjectSnippets, isValidCustomTaskSubject } from '@outsync/contracts/webhooks';
import { TextField } from '@outsync/ui/form';
import { labelOf } from './form-parts';
import type { WebhookFormModel } from './use-webhook-form-data';

/** Spec 01 §2.9 'Custom Task Subject' (the help's lead-in is ours). */
export const customTaskSubjectTexts = {
  label: 'Custom Task Subject',
  snippets: 'Supported snippets:',
} as const;

/**
 * The task subject (log type 1): a red border while `isValidCustomTaskSubject` says no, and the
 * snippets the platform's events fill in, as help.
 */
export function CustomTaskSubjectField({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch } = form;
  const valid = isValidCustomTaskSubject(values.customTaskSubject);
  const snippets = customTaskSubjectSnippets(values.emailService);
  return (
    <TextField
      label={labelOf(kind, customTaskSubjectTexts.label)}
      value={values.customTaskSubject}
      onChange={(event) =>
        dispatch({ type: 'set', patch: { customTaskSubject: event.target.value } })
      }
      aria-invalid={valid ? undefined : true}
      autoComplete="off"
      spellCheck={false}
      help={
        <>
          {customTaskSubjectTexts.snippets}{' '}
          {/* Inline: the help is a paragraph, which cannot hold a list. */}
          <Snippets>
            {snippets.map((token) => (
              <code key={token}>{`{{ ${token} }}`}</code>
            ))}
          </Snippets>
        </>
      }
    />
  );
}

const Snippets = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${theme.space(1)} ${theme.space(2)};
`;
