import { useId, type MouseEvent, type ReactNode } from 'react';
import { theme } from '@outsync/ui';
import styled, { css } from 'styled-components';

/** What a control inside a Field spreads on itself. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  required?: boolean;
}

/** What else the Field tells its control: the id of its label, for `aria-labelledby`. */
export interface FieldLabelWiring {
  labelId: string;
}

/** The props every field shares. */
export interface FieldFrameProps {
  label: ReactNode;
  /** A hint under the control, read with it (`aria-describedby`). */
  help?: ReactNode;
  /** The error under the control; it also turns the border red and sets `aria-invalid`. */
  error?: string;
  /** Sets the control's `required` and shows a marker after the label. */
  required?: boolean;
  /** Keeps `required` but hides the marker (a form whose every field is required). */
  hideRequiredMarker?: boolean;
  /** The control's id; one is made when absent. */
  id?: string;
  /** Ids of other descriptions of the control, read after help and error. */
  'aria-describedby'?: string;
  className?: string;
}

/**
 * A label, a control, its help text and its error. The control comes from `children`, which
 * receives the id and ARIA wiring (and the label's id): the fields below use it, and so can any
 * custom control.
 */
export function Field({
  label,
  help,
  error,
  required,
  hideRequiredMarker = false,
  id: givenId,
  'aria-describedby': describedBy,
  className,
  children,
}: FieldFrameProps & {
  children: (control: FieldControlProps, label: FieldLabelWiring) => ReactNode;
}) {
  const { control, labelId, helpId, errorId } = useFieldWiring({
    id: givenId,
    help,
    error,
    required,
    describedBy,
  });
  return (
    <FieldFrame className={className}>
      <LabelRow>
        <Label id={labelId} htmlFor={control.id} onClick={focusUnlabelableControl}>
          {label}
        </Label>
        {/* Outside the label, so the accessible name stays the label's text; the control's
            own `required` tells assistive technology. */}
        {required && !hideRequiredMarker ? (
          <RequiredMarker aria-hidden="true">*</RequiredMarker>
        ) : null}
      </LabelRow>
      {children(control, { labelId })}
      <FieldMessages help={help} helpId={helpId} error={error} errorId={errorId} />
    </FieldFrame>
  );
}

/**
 * A field component's props, split into the frame's (for `<Field>`) and the rest, which belong
 * to its control: one list of the frame's props, however many fields there are.
 */
export function splitFieldFrameProps<Props extends FieldFrameProps>({
  label,
  help,
  error,
  required,
  hideRequiredMarker,
  id,
  'aria-describedby': describedBy,
  className,
  ...controlProps
}: Props): [FieldFrameProps, Omit<Props, keyof FieldFrameProps>] {
  const frame = { label, help, error, required, hideRequiredMarker, id, className };
  return [{ ...frame, 'aria-describedby': describedBy }, controlProps];
}

/** Ids and ARIA attributes of a control with optional help and error texts. */
export function useFieldWiring({
  id,
  help,
  error,
  required,
  describedBy,
}: {
  id?: string;
  help?: ReactNode;
  error?: string;
  required?: boolean;
  describedBy?: string;
}) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const labelId = `${controlId}-label`;
  const helpId = `${controlId}-help`;
  const errorId = `${controlId}-error`;
  const describers = [help ? helpId : null, error ? errorId : null, describedBy ?? null].filter(
    (value): value is string => Boolean(value),
  );
  const control: FieldControlProps = { id: controlId };
  if (describers.length > 0) control['aria-describedby'] = describers.join(' ');
  if (error) control['aria-invalid'] = true;
  if (required) control.required = true;
  return { control, labelId, helpId, errorId };
}

/**
 * A click on a `<label for>` focuses only a labelable control (input, textarea, button...); a
 * custom one (a div combobox) is focused here, unless it is disabled.
 */
function focusUnlabelableControl(event: MouseEvent<HTMLLabelElement>) {
  const label = event.currentTarget;
  if (label.control) return;
  // The label's own root: inside a partner's shadow root `document` does not see the control.
  const control = (label.getRootNode() as Document | ShadowRoot).getElementById(label.htmlFor);
  if (control && control.getAttribute('aria-disabled') !== 'true') control.focus();
}

/** The help and error texts under a control. */
export function FieldMessages({
  help,
  helpId,
  error,
  errorId,
}: {
  help?: ReactNode;
  helpId: string;
  error?: string;
  errorId: string;
}) {
  return (
    <>
      {help ? <HelpText id={helpId}>{help}</HelpText> : null}
      {error ? <ErrorText id={errorId}>{error}</ErrorText> : null}
    </>
  );
}

/** The look every text-like control shares (input, textarea); red border when aria-invalid. */
export const controlStyles = css`
  width: 100%;
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  font: inherit;
  color: ${theme.colors.ink};
  background: ${theme.colors.surface};
  transition:
    border-color 120ms,
    box-shadow 120ms;
  &::placeholder {
    color: ${theme.colors.inkMuted};
  }
  &:focus {
    outline: none;
    border-color: ${theme.colors.brand};
    box-shadow: 0 0 0 3px color-mix(in srgb, ${theme.colors.brand} 18%, transparent);
  }
  &[aria-invalid='true'] {
    border-color: ${theme.colors.danger};
  }
  &[aria-invalid='true']:focus {
    box-shadow: 0 0 0 3px color-mix(in srgb, ${theme.colors.danger} 18%, transparent);
  }
  /* [readonly], not :read-only: every non-editable element (a select's trigger <div>) matches
     :read-only, which greyed every select out. */
  &[readonly] {
    background: ${theme.colors.canvas};
    color: ${theme.colors.inkMuted};
  }
  &:disabled {
    background: ${theme.colors.canvas};
    color: ${theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;

const FieldFrame = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
`;

const LabelRow = styled.div`
  display: flex;
  gap: ${theme.space(1)};
`;

const Label = styled.label`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.ink};
`;

const RequiredMarker = styled.span`
  font-size: ${theme.font.size.sm};
  font-weight: 600;
  color: ${theme.colors.danger};
`;

const messageStyles = css`
  margin: 0;
  font-size: ${theme.font.size.sm};
  line-height: 1.4;
`;

const HelpText = styled.p`
  ${messageStyles}
  color: ${theme.colors.inkMuted};
`;

const ErrorText = styled.p`
  ${messageStyles}
  color: ${theme.colors.danger};
`;
