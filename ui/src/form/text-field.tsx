import { useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { theme } from '@outsync/ui';
import styled, { css } from 'styled-components';
import { controlStyles, Field, splitFieldFrameProps, type FieldFrameProps } from './field';

type InputAttributes = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'aria-describedby' | 'className' | 'required'
>;

export type TextFieldProps = InputAttributes &
  FieldFrameProps & {
    /** Sits inside the field on the right, e.g. an Edit button. */
    action?: ReactNode;
    /** 'code' sets a one-time code in large, evenly spaced digits. */
    variant?: 'text' | 'code';
    ref?: Ref<HTMLInputElement>;
  };

/** A labelled input (text, email, password, number… through `type`). */
export function TextField({ action, variant = 'text', ...props }: TextFieldProps) {
  const [frame, input] = splitFieldFrameProps(props);
  return (
    <Field {...frame}>
      {(control) => (
        <InputRow>
          <Input {...input} {...control} $withAction={Boolean(action)} $code={variant === 'code'} />
          {action ? <InputAction>{action}</InputAction> : null}
        </InputRow>
      )}
    </Field>
  );
}

/** A TextField for numbers; `form.field` turns its value into a number (empty: undefined). */
export function NumberField(props: Omit<TextFieldProps, 'type' | 'variant'>) {
  return <TextField inputMode="decimal" {...props} type="number" />;
}

const passwordToggleLabels = { show: 'Show password', hide: 'Hide password' } as const;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField({
  autoComplete = 'current-password',
  ...props
}: Omit<TextFieldProps, 'type' | 'variant' | 'action'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      autoComplete={autoComplete}
      type={visible ? 'text' : 'password'}
      action={
        <VisibilityToggle
          type="button"
          aria-label={visible ? passwordToggleLabels.hide : passwordToggleLabels.show}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </VisibilityToggle>
      }
    />
  );
}

const InputRow = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $withAction: boolean; $code: boolean }>`
  ${controlStyles}
  height: ${theme.controlHeight};
  padding: ${({ $withAction }) =>
    `0 ${$withAction ? theme.space(18) : theme.space(3)} 0 ${theme.space(3)}`};
  ${({ $code }) =>
    $code &&
    css`
      height: calc(${theme.controlHeight} + ${theme.space(2)});
      font-size: ${theme.font.size.xl};
      font-weight: 600;
      font-variant-numeric: tabular-nums;
      letter-spacing: 0.4em;
      &::placeholder {
        font-size: ${theme.font.size.md};
        font-weight: 400;
        letter-spacing: normal;
      }
    `}
`;

const InputAction = styled.div`
  position: absolute;
  top: 0;
  right: ${theme.space(3)};
  bottom: 0;
  display: flex;
  align-items: center;
`;

const VisibilityToggle = styled.button`
  padding: ${theme.space(1)} ${theme.space(2)};
  border: 0;
  border-radius: ${theme.radius};
  background: none;
  font: inherit;
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.brandText};
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceHover};
  }
  &:disabled {
    color: ${theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;
