import {
  useEffect,
  useId,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
} from 'react';
import { Field, splitFieldFrameProps } from '../form/field';
import type { Select as RealSelect, SelectProps } from './select';
import {
  adornmentRoom,
  ChevronIcon,
  ControlAnchor,
  FieldAdornments,
  FieldIconButton,
  Placeholder,
  Trigger,
  TriggerText,
} from './select-look';

type SelectComponent = typeof RealSelect;

/** A plain Select's props: the searchable one is an input from the start, not drawn here. */
export type LazySelectProps<Option> = Omit<SelectProps<Option>, 'searchable'>;

/** The real select, once its chunk (downshift, the list's overlay) has loaded: one per page. */
let loadedSelect: SelectComponent | null = null;
let loadingSelect: Promise<SelectComponent> | null = null;

/** Starts loading the real select (once per page) and answers it. */
export function preloadSelect(): Promise<SelectComponent> {
  loadingSelect ??= import('./select').then(
    ({ Select }) => {
      loadedSelect = Select;
      return Select;
    },
    (error: unknown) => {
      // A chunk that failed (offline) is asked for again on the next use.
      loadingSelect = null;
      throw error;
    },
  );
  return loadingSelect;
}

/**
 * What the user did to the closed select before the real one took over; it is done again on
 * the real one. `pointer`: a press whose click has not come yet (the swap waits for it, so the
 * click is not lost between two elements).
 */
type Intent = null | 'focus' | 'pointer' | 'click' | { key: string };

/** Keys the real select acts on when closed (open, move, type-ahead); Tab and modifiers pass. */
const handledKey = (key: string) =>
  key.length === 1 || ['ArrowDown', 'ArrowUp', 'Enter', 'Home', 'End'].includes(key);

/**
 * A Select (`@outsync/ui/select`, plain, not searchable) whose downshift code loads on first use.
 * Closed, it is drawn without downshift: the same label, box, text, chevron and clear button,
 * with the same role and name (a `combobox` named by the label, `aria-expanded="false"`). The
 * first focus, press or key loads the real select, which takes its place (the same element id,
 * so the label still points at it), gets the focus if the stand-in had it, and is given the
 * click or key that started it (a click opens the list, ArrowDown opens it on the first option,
 * a letter picks by type-ahead). Once loaded, every LazySelect mounted after renders the real one.
 */
export function LazySelect<Option>(props: LazySelectProps<Option>) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const [Select, setSelect] = useState<SelectComponent | null>(() => loadedSelect);
  const [intent, setIntent] = useState<Intent>(null);

  // The stand-in's root (the document, or a partner's shadow root), where the real one is found.
  const root = useRef<Document | ShadowRoot>(document);
  const load = (event: { currentTarget: Element }) => {
    root.current = event.currentTarget.getRootNode() as Document | ShadowRoot;
    preloadSelect().then(
      (loaded) => setSelect(() => loaded),
      // Not loaded: the stand-in stays, and its next use asks again.
      () => setIntent(null),
    );
  };

  // Done once, once the real select has rendered: focus it and replay what was done (after the
  // commit, so the replayed event is handled as the user's would be).
  const swapped = Select !== null && intent !== 'pointer';
  const replayed = useRef(false);
  useEffect(() => {
    if (!swapped || replayed.current) return;
    replayed.current = true;
    if (intent === null) return;
    const control = root.current.getElementById(id);
    if (!control) return;
    control.focus();
    if (intent === 'click') control.click();
    else if (typeof intent === 'object') {
      control.dispatchEvent(
        new KeyboardEvent('keydown', { key: intent.key, bubbles: true, cancelable: true }),
      );
    }
  }, [swapped, intent, id]);

  if (Select && swapped) return <Select<Option> {...props} id={id} />;

  const [frame] = splitFieldFrameProps({ ...props, id });
  const { value, placeholder, getOptionLabel, disabled = false, clearable = false } = props;
  const showsClear = clearable && value !== null && !disabled;
  return (
    <Field {...frame}>
      {(control, fieldLabel) => (
        <ControlAnchor>
          <Trigger
            id={control.id}
            role="combobox"
            aria-labelledby={fieldLabel.labelId}
            aria-haspopup="listbox"
            aria-expanded={false}
            aria-describedby={control['aria-describedby']}
            aria-invalid={control['aria-invalid']}
            aria-required={control.required}
            aria-disabled={disabled || undefined}
            tabIndex={disabled ? -1 : 0}
            $room={adornmentRoom(showsClear)}
            onFocus={(event) => {
              if (disabled) return;
              setIntent((now) => now ?? 'focus');
              load(event);
            }}
            onBlur={() => {
              setIntent(null);
              props.onBlur?.();
            }}
            onPointerDown={(event: PointerEvent) => {
              if (disabled || event.button !== 0) return;
              setIntent('pointer');
              load(event);
            }}
            onClick={(event: MouseEvent) => {
              if (disabled) return;
              event.preventDefault();
              setIntent('click');
              load(event);
            }}
            onKeyDown={(event: KeyboardEvent) => {
              if (disabled || event.altKey || event.ctrlKey || event.metaKey) return;
              if (!handledKey(event.key)) return;
              // Kept for the real select (a space would scroll the page meanwhile).
              event.preventDefault();
              setIntent({ key: event.key });
              load(event);
            }}
          >
            {value === null ? (
              <Placeholder>{placeholder}</Placeholder>
            ) : (
              <TriggerText>{getOptionLabel(value)}</TriggerText>
            )}
          </Trigger>
          <FieldAdornments>
            {showsClear ? (
              <FieldIconButton
                aria-label={props.clearLabel ?? 'Clear selection'}
                onClick={(event) => {
                  const fieldRoot = event.currentTarget.getRootNode() as Document | ShadowRoot;
                  props.onChange(null);
                  // As the real select: the field keeps the focus once the button has gone.
                  fieldRoot.getElementById(id)?.focus();
                }}
              >
                <span aria-hidden="true">×</span>
              </FieldIconButton>
            ) : null}
            <ChevronIcon />
          </FieldAdornments>
        </ControlAnchor>
      )}
    </Field>
  );
}
