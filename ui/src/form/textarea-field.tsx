import { type Ref, type TextareaHTMLAttributes } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { controlStyles, Field, splitFieldFrameProps, type FieldFrameProps } from './field';

export type TextareaFieldProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'id' | 'aria-describedby' | 'className' | 'required'
> &
  FieldFrameProps & {
    /** Monospaced text, for JSON or code. */
    monospace?: boolean;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line text input. */
export function TextareaField({ monospace = false, rows = 4, ...props }: TextareaFieldProps) {
  const [frame, textarea] = splitFieldFrameProps(props);
  return (
    <Field {...frame}>
      {(control) => <Textarea rows={rows} {...textarea} {...control} $monospace={monospace} />}
    </Field>
  );
}

const Textarea = styled.textarea<{ $monospace: boolean }>`
  ${controlStyles}
  display: block;
  min-height: ${theme.controlHeight};
  padding: ${theme.space(2)} ${theme.space(3)};
  line-height: 1.5;
  resize: vertical;
  ${({ $monospace }) => ($monospace ? `font-family: ${theme.font.mono};` : '')}
`;
