import { type ButtonHTMLAttributes, type ComponentProps, type ReactNode, type Ref } from 'react';
import { Button, theme } from '@outsync/ui';
import styled, { keyframes } from 'styled-components';

export type BusyButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** While busy the button is disabled and shows a small spinner and `busyLabel`. */
  busy?: boolean;
  /** Defaults to the children. */
  busyLabel?: ReactNode;
  variant?: ComponentProps<typeof Button>['$variant'];
  /** Full width. */
  block?: boolean;
  ref?: Ref<HTMLButtonElement>;
};

/** A Button that can show that its action is running; `type` defaults to 'button'. */
export function BusyButton({
  busy = false,
  busyLabel,
  variant = 'primary',
  block = false,
  disabled,
  children,
  type = 'button',
  ...button
}: BusyButtonProps) {
  return (
    <WideningButton
      {...button}
      type={type}
      $variant={variant}
      $block={block}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? <Ring aria-hidden="true" /> : null}
      {busy ? (busyLabel ?? children) : children}
    </WideningButton>
  );
}

export type SubmitButtonProps = Omit<BusyButtonProps, 'type'>;

/** A form's submit button. */
export function SubmitButton(props: SubmitButtonProps) {
  return <BusyButton {...props} type="submit" />;
}

const WideningButton = styled(Button)<{ $block: boolean }>`
  min-height: ${theme.controlHeight};
  justify-content: center;
  ${({ $block }) => ($block ? 'width: 100%;' : '')}
`;

const spin = keyframes`to { transform: rotate(360deg); }`;

// currentColor: the ring follows the button's text colour in every variant and theme.
const Ring = styled.span`
  flex: none;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid color-mix(in srgb, currentColor 40%, transparent);
  border-top-color: currentColor;
  animation: ${spin} 0.8s linear infinite;
`;
