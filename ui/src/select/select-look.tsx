import styled, { css } from 'styled-components';
import { theme } from '@outsync/ui';
import { controlStyles } from '../form/field';

// The look of a closed select, without downshift: the selects draw it, and so does the
// on-demand select (`@outsync/ui/lazy`) before its first use. A file of its own, so a build that
// takes only these parts does not take the list's overlay code with them.

/** The field's box: the form fields' look, plus the states a non-input control needs. */
export const controlBoxStyles = css`
  ${controlStyles}
  display: flex;
  align-items: center;
  min-height: ${theme.controlHeight};
  &[aria-disabled='true'] {
    background: ${theme.colors.canvas};
    color: ${theme.colors.inkMuted};
    cursor: not-allowed;
  }
`;

/** Positions the list under the control. */
export const ControlAnchor = styled.div`
  position: relative;
`;

/** The icons at the right end of the field; only its buttons take the mouse. */
export const FieldAdornments = styled.div`
  position: absolute;
  top: 0;
  right: ${theme.space(1)};
  height: ${theme.controlHeight};
  display: flex;
  align-items: center;
  pointer-events: none;
  & > button {
    pointer-events: auto;
  }
`;

/** Room the field's text leaves for its adornments: one icon, or two with a clear button. */
export const adornmentRoom = (withClear: boolean) => (withClear ? 16 : 9);

/** The chevron of a select whose whole box opens the list. */
export const ChevronIcon = styled.span.attrs({ 'aria-hidden': true, children: '▾' })`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${theme.space(7)};
  color: ${theme.colors.inkMuted};
`;

/** A small icon button inside the field (chevron, clear). */
export const FieldIconButton = styled.button.attrs({ type: 'button' })`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${theme.space(7)};
  height: ${theme.space(7)};
  padding: 0;
  border: 0;
  border-radius: ${theme.radius};
  background: transparent;
  color: ${theme.colors.inkMuted};
  font: inherit;
  cursor: pointer;
  &:hover:not(:disabled) {
    background: ${theme.colors.surfaceHover};
    color: ${theme.colors.ink};
  }
  &:disabled {
    cursor: not-allowed;
  }
`;

/** The plain select's box, which opens the list. */
export const Trigger = styled.div<{ $room: number }>`
  ${controlBoxStyles}
  padding: ${({ $room }) => `${theme.space(1)} ${theme.space($room)} ${theme.space(1)} ${theme.space(3)}`};
  cursor: pointer;
`;

export const TriggerText = styled.span`
  min-width: 0;
  overflow-wrap: anywhere;
`;

export const Placeholder = styled.span`
  color: ${theme.colors.inkMuted};
`;
