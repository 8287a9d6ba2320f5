import { type Ref, type TextareaHTMLAttributes } from 'react';
import styled from 'styled-components';
import { controlStyles, Field, type FieldFrameProps } from './field';

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
export function TextareaField({
  label,
  help,
  error,
  required,
  hideRequiredMarker,
  id,
  'aria-describedby': describedBy,
  className,
  monospace = false,
  rows = 4,
  ...textarea
}: TextareaFieldProps) {
  return (
    <Field
      label={label}
      help={help}
      error={error}
      required={required}
      hideRequiredMarker={hideRequiredMarker}
      id={id}
      aria-describedby={describedBy}
      className={className}
    >
      {(control) => <Textarea rows={rows} {...textarea} {...control} $monospace={monospace} />}
    </Field>
  );
}

const Textarea = styled.textarea<{ $monospace: boolean }>`
  ${controlStyles}
  display: block;
  min-height: ${({ theme }) => theme.controlHeight};
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  line-height: 1.5;
  resize: vertical;
  ${({ $monospace, theme }) => ($monospace ? `font-family: ${theme.font.mono};` : '')}
`;
