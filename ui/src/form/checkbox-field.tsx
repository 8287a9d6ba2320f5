import { type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { FieldMessages, useFieldWiring } from './field';

export type CheckboxFieldProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'id' | 'aria-describedby' | 'className'
> & {
  label: ReactNode;
  help?: ReactNode;
  error?: string;
  id?: string;
  'aria-describedby'?: string;
  className?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A native checkbox with its label; the whole label is the click target. */
export function CheckboxField({
  label,
  help,
  error,
  id,
  'aria-describedby': describedBy,
  className,
  required,
  ...input
}: CheckboxFieldProps) {
  const { control, helpId, errorId } = useFieldWiring({ id, help, error, required, describedBy });
  return (
    <CheckboxFrame className={className}>
      <CheckboxLabel $disabled={Boolean(input.disabled)}>
        <Checkbox {...input} {...control} type="checkbox" />
        <span>{label}</span>
      </CheckboxLabel>
      <FieldMessages help={help} helpId={helpId} error={error} errorId={errorId} />
    </CheckboxFrame>
  );
}

const CheckboxFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

const CheckboxLabel = styled.label<{ $disabled: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${theme.space(2)};
  font-size: ${theme.font.size.sm};
  color: ${({ $disabled }) => ($disabled ? theme.colors.inkMuted : theme.colors.ink)};
  cursor: ${({ $disabled }) => ($disabled ? 'not-allowed' : 'pointer')};
  user-select: none;
`;

const Checkbox = styled.input`
  flex: none;
  width: 16px;
  height: 16px;
  margin: 0;
  accent-color: ${theme.colors.brand};
  cursor: inherit;
  &[aria-invalid='true'] {
    outline: 2px solid ${theme.colors.danger};
    outline-offset: 1px;
  }
`;
