import {
  useEffect,
  useEffectEvent,
  useId,
  useMemo,
  type ReactNode,
  type TextareaHTMLAttributes,
} from 'react';
import { theme } from '@outsync/ui';
import styled from 'styled-components';
import { controlStyles, Field, splitFieldFrameProps, type FieldFrameProps } from '../form/field';

/** Whether a text parses as JSON (an empty text does not). */
export function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

type TextareaAttributes = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  'value' | 'defaultValue' | 'onChange' | 'id' | 'aria-describedby' | 'className' | 'required'
>;

export type JsonEditorProps = TextareaAttributes &
  FieldFrameProps & {
    value: string;
    onChange: (value: string) => void;
    /** Told the validity on mount and whenever it changes. */
    onValidityChange?: (valid: boolean) => void;
    validText?: string;
    invalidText?: string;
    /** Sits beside the badge, e.g. a 'Reset Payload' button. */
    actions?: ReactNode;
  };

/**
 * A monospaced textarea for JSON with a validity badge under it. An invalid text marks the
 * field invalid (red border, `aria-invalid`) and the badge describes the field.
 */
export function JsonEditor({
  value,
  onChange,
  onValidityChange,
  validText = '✅ Valid JSON',
  invalidText = '❌ Invalid JSON',
  actions,
  rows = 12,
  ...props
}: JsonEditorProps) {
  const [frame, textarea] = splitFieldFrameProps(props);
  const badgeId = useId();
  const valid = useMemo(() => isValidJson(value), [value]);
  const reportValidity = useEffectEvent((isValid: boolean) => onValidityChange?.(isValid));
  useEffect(() => reportValidity(valid), [valid]);
  const describedBy = [badgeId, frame['aria-describedby']].filter(Boolean).join(' ');

  return (
    <Field {...frame} aria-describedby={describedBy}>
      {(control) => (
        <>
          <CodeArea
            spellCheck={false}
            autoCapitalize="off"
            autoComplete="off"
            autoCorrect="off"
            rows={rows}
            {...textarea}
            {...control}
            aria-invalid={control['aria-invalid'] ?? (valid ? undefined : true)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
          <BadgeRow>
            <Badge id={badgeId} role="status" $valid={valid}>
              {valid ? validText : invalidText}
            </Badge>
            {actions}
          </BadgeRow>
        </>
      )}
    </Field>
  );
}

const CodeArea = styled.textarea`
  ${controlStyles}
  display: block;
  padding: ${theme.space(2)} ${theme.space(3)};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
  line-height: 1.5;
  background: ${theme.colors.codeBg};
  resize: vertical;
  tab-size: 2;
`;

const BadgeRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${theme.space(2)};
`;

const Badge = styled.span<{ $valid: boolean }>`
  display: inline-flex;
  align-items: center;
  padding: ${theme.space(0.5)} ${theme.space(2)};
  border: 1px solid ${({ $valid }) => ($valid ? theme.colors.success : theme.colors.danger)};
  border-radius: ${theme.radius};
  background: ${({ $valid }) => ($valid ? theme.colors.successBg : theme.colors.dangerBg)};
  color: ${({ $valid }) => ($valid ? theme.colors.success : theme.colors.danger)};
  font-size: ${theme.font.size.sm};
  font-weight: 600;
`;
