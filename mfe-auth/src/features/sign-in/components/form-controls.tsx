import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styled, { css, keyframes } from 'styled-components';
import { Button } from '@outsync/ui';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'>;

/**
 * A labelled text input; `action` sits inside the field on the right (e.g. an Edit button);
 * `variant="code"` sets a one-time code in large, evenly spaced digits.
 */
export function TextField({
  label,
  action,
  variant = 'text',
  ...input
}: InputProps & { label: string; action?: ReactNode; variant?: 'text' | 'code' }) {
  const id = useId();
  return (
    <Field>
      <Label htmlFor={id}>{label}</Label>
      <InputRow>
        <Input id={id} $withAction={Boolean(action)} $code={variant === 'code'} {...input} />
        {action ? <InputAction>{action}</InputAction> : null}
      </InputRow>
    </Field>
  );
}

/** A native checkbox with its label; the whole label is the click target. */
export function CheckboxField({ label, ...input }: Omit<InputProps, 'type'> & { label: string }) {
  return (
    <CheckboxLabel>
      <Checkbox type="checkbox" {...input} />
      {label}
    </CheckboxLabel>
  );
}

/** The form's submit button: while busy it shows `busyLabel` and a small spinner, disabled. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
}) {
  return (
    <WideButton type="submit" disabled={busy} aria-busy={busy}>
      {busy ? <Ring aria-hidden="true" /> : null}
      {busy ? busyLabel : children}
    </WideButton>
  );
}

/** A button that reads like a link, for secondary actions inside text. */
export const LinkButton = styled.button.attrs({ type: 'button' })`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.brand};
  cursor: pointer;
  &:hover:not(:disabled) {
    color: ${({ theme }) => theme.colors.brandDark};
    text-decoration: underline;
  }
  &:disabled {
    color: ${({ theme }) => theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(2)};
`;

const Label = styled.label`
  font-size: ${({ theme }) => theme.font.size.sm};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.ink};
`;

const InputRow = styled.div`
  position: relative;
  display: flex;
`;

const Input = styled.input<{ $withAction: boolean; $code: boolean }>`
  width: 100%;
  height: 44px;
  padding: ${({ theme, $withAction }) =>
    `0 ${$withAction ? theme.space(18) : theme.space(3)} 0 ${theme.space(3)}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: 8px;
  font: inherit;
  color: ${({ theme }) => theme.colors.ink};
  background: ${({ theme }) => theme.colors.surface};
  transition:
    border-color 120ms,
    box-shadow 120ms;
  &::placeholder {
    color: #9ca3af;
  }
  ${({ $code }) =>
    $code &&
    css`
      height: 52px;
      font-size: 22px;
      font-weight: 600;
      font-variant-numeric: tabular-nums;
      letter-spacing: 0.4em;
      &::placeholder {
        font-size: 15px;
        font-weight: 400;
        letter-spacing: normal;
      }
    `}
  &:focus {
    outline: none;
    border-color: ${({ theme }) => theme.colors.brand};
    box-shadow: 0 0 0 3px rgb(79 70 229 / 18%);
  }
  &:read-only {
    background: #f9fafb;
    color: ${({ theme }) => theme.colors.inkMuted};
  }
`;

const InputAction = styled.div`
  position: absolute;
  top: 0;
  right: ${({ theme }) => theme.space(3)};
  bottom: 0;
  display: flex;
  align-items: center;
`;

const CheckboxLabel = styled.label`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
  user-select: none;
`;

const Checkbox = styled.input`
  width: 16px;
  height: 16px;
  margin: 0;
  accent-color: ${({ theme }) => theme.colors.brand};
  cursor: pointer;
`;

const WideButton = styled(Button)`
  width: 100%;
  height: 44px;
  justify-content: center;
  border-radius: 8px;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

const Ring = styled.span`
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid rgb(255 255 255 / 40%);
  border-top-color: #fff;
  animation: ${spin} 0.8s linear infinite;
`;
