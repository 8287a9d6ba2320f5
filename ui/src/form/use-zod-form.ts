import {
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
// Types only: the hook adds no zod bytes; the caller's schema brings its own parser.
import type { $ZodIssue, $ZodType, input, output } from 'zod/v4/core';

/**
 * A zod 4 schema, classic (`zod`) or mini (`zod/mini`), whose input is an object: its input type
 * is the form's values type.
 */
export type FormSchema = $ZodType<unknown, Record<string, unknown>> & {
  safeParse(
    data: unknown,
  ): { success: true; data: unknown } | { success: false; error: { issues: $ZodIssue[] } };
};

export type FormValues<S extends FormSchema> = input<S>;

/** A top-level field of the form: `form.field('emial')` does not compile. */
export type FieldName<S extends FormSchema> = keyof FormValues<S> & string;

/** A field's key, or the dotted path of a nested value inside it ('endpoints.0.url'). */
export type FieldPath<S extends FormSchema> = FieldName<S> | `${FieldName<S>}.${string}`;

/**
 * The first message per field. A top-level key holds the first issue anywhere inside that
 * field; nested issues are also kept under their dotted path, so rows can show their own.
 */
export type FormErrors<S extends FormSchema> = Partial<Record<FieldPath<S>, string>>;

/** The change of one field, as the input reports it: its change event, or the value itself. */
type FieldInput<V> = ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> | V;

interface BindingBase<V> {
  name: string;
  onChange: (input: FieldInput<V>) => void;
  onBlur: () => void;
  error: string | undefined;
}

/**
 * The props `form.field(name)` returns, to spread on TextField, CheckboxField and the like. A
 * field whose value is a boolean binds `checked` (give it a boolean default), any other `value`.
 */
export type FieldBinding<V> = [V] extends [boolean]
  ? BindingBase<V> & { checked: boolean }
  : BindingBase<V> & { value: Exclude<V, undefined | null> | '' };

/** A pure rule applied to every change, e.g. "a new platform clears the API key". */
export type FormTransition<S extends FormSchema> = (
  previous: FormValues<S>,
  next: FormValues<S>,
  changedName: FieldName<S>,
) => FormValues<S>;

export interface UseZodFormOptions<S extends FormSchema> {
  schema: S;
  defaultValues: FormValues<S>;
  transition?: FormTransition<S>;
  /** Called after a submit that did not validate, with every error and the first message. */
  onInvalid?: (errors: FormErrors<S>, firstMessage: string) => void;
}

export interface ZodForm<S extends FormSchema> {
  values: FormValues<S>;
  errors: FormErrors<S>;
  /** True while the promise returned by handleSubmit's onValid runs. */
  submitting: boolean;
  setValue: <N extends FieldName<S>>(name: N, value: FormValues<S>[N]) => void;
  /** Back to `values` (default: the defaultValues), with no errors and no submit attempt. */
  reset: (values?: FormValues<S>) => void;
  field: <N extends FieldName<S>>(name: N) => FieldBinding<FormValues<S>[N]>;
  handleSubmit: (
    onValid: (parsed: output<S>) => void | Promise<void>,
  ) => (event?: FormEvent<HTMLFormElement>) => Promise<void>;
}

interface FormState<S extends FormSchema> {
  values: FormValues<S>;
  errors: FormErrors<S>;
  /** After the first submit attempt every change and blur re-validates. */
  attempted: boolean;
}

/**
 * Form state over a zod schema, without a form library (react-hook-form with its resolver would
 * cost 15 KB gzip of a first load that has 3 KB left). Validates on submit; after the first
 * attempt, on every change and blur. Schemas must be synchronous (no async refinements).
 */
export function useZodForm<S extends FormSchema>(options: UseZodFormOptions<S>): ZodForm<S> {
  // Handlers read the latest options, so callers may pass inline schemas and callbacks.
  const optionsRef = useRef(options);
  useLayoutEffect(() => {
    optionsRef.current = options;
  });

  // The ref is the source of truth handlers read (two setValue calls in one handler see each
  // other); the state mirrors it for rendering.
  const initial: FormState<S> = { values: options.defaultValues, errors: {}, attempted: false };
  const stateRef = useRef(initial);
  const [state, setState] = useState(initial);
  const submittingRef = useRef(false);
  const [submitting, setSubmitting] = useState(false);

  const commit = useCallback((next: FormState<S>) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const setValue = useCallback(
    <N extends FieldName<S>>(name: N, value: FormValues<S>[N]) => {
      const { schema, transition } = optionsRef.current;
      const previous = stateRef.current.values;
      const changed = { ...previous, [name]: value } as FormValues<S>;
      const values = transition ? transition(previous, changed, name) : changed;
      const { attempted } = stateRef.current;
      const errors = attempted ? validate(schema, values).errors : stateRef.current.errors;
      commit({ values, errors, attempted });
    },
    [commit],
  );

  const revalidate = useCallback(() => {
    const current = stateRef.current;
    if (!current.attempted) return;
    commit({ ...current, errors: validate(optionsRef.current.schema, current.values).errors });
  }, [commit]);

  const reset = useCallback(
    (values?: FormValues<S>) => {
      commit({ values: values ?? optionsRef.current.defaultValues, errors: {}, attempted: false });
    },
    [commit],
  );

  const handleSubmit = useCallback(
    (onValid: (parsed: output<S>) => void | Promise<void>) =>
      async (event?: FormEvent<HTMLFormElement>) => {
        event?.preventDefault();
        if (submittingRef.current) return;
        const { schema, onInvalid } = optionsRef.current;
        const { values } = stateRef.current;
        const result = validate(schema, values);
        commit({ values, errors: result.errors, attempted: true });
        if (!result.success) {
          focusFirstInvalid(event?.currentTarget, result.errors);
          onInvalid?.(result.errors, result.firstMessage);
          return;
        }
        const pending = onValid(result.data);
        if (!isPromiseLike(pending)) return;
        submittingRef.current = true;
        setSubmitting(true);
        try {
          await pending;
        } finally {
          submittingRef.current = false;
          setSubmitting(false);
        }
      },
    [commit],
  );

  const field = <N extends FieldName<S>>(name: N) => {
    const value = state.values[name];
    const common = {
      name,
      onChange: (input: FieldInput<FormValues<S>[N]>) =>
        setValue(name, readInput(input) as FormValues<S>[N]),
      onBlur: revalidate,
      error: state.errors[name],
    };
    const binding =
      typeof value === 'boolean'
        ? { ...common, checked: value }
        : { ...common, value: value ?? '' };
    return binding as unknown as FieldBinding<FormValues<S>[N]>;
  };

  return {
    values: state.values,
    errors: state.errors,
    submitting,
    setValue,
    reset,
    field,
    handleSubmit,
  };
}

type Validation<S extends FormSchema> =
  | { success: true; data: output<S>; errors: FormErrors<S> }
  | { success: false; errors: FormErrors<S>; firstMessage: string };

function validate<S extends FormSchema>(schema: S, values: FormValues<S>): Validation<S> {
  const result = schema.safeParse(values);
  if (result.success) return { success: true, data: result.data as output<S>, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const path = issue.path.map(String);
    const [top] = path;
    if (top === undefined) continue;
    errors[top] ??= issue.message;
    if (path.length > 1) errors[path.join('.')] ??= issue.message;
  }
  return {
    success: false,
    errors: errors as FormErrors<S>,
    firstMessage: result.error.issues[0]?.message ?? '',
  };
}

/** A change event gives the input's value (checked for a checkbox, a number for type=number). */
function readInput<V>(input: FieldInput<V>): unknown {
  if (!isChangeEvent(input)) return input;
  const target = input.target;
  if (target.type === 'checkbox' && 'checked' in target) return target.checked;
  if (target.type === 'number') return target.value === '' ? undefined : Number(target.value);
  return target.value;
}

function isChangeEvent(
  input: unknown,
): input is ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement> {
  return (
    typeof input === 'object' &&
    input !== null &&
    'nativeEvent' in input &&
    'target' in input &&
    input.target instanceof Element
  );
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    'then' in value &&
    typeof value.then === 'function'
  );
}

/**
 * Focuses the first control, in the form's order, that has an error (by its name); controls in
 * a closed disclosure (`hidden`) or disabled ones cannot take focus and are skipped.
 */
function focusFirstInvalid(form: HTMLFormElement | undefined, errors: Record<string, unknown>) {
  if (!form) return;
  const invalid = Array.from(form.elements).find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement &&
      'name' in element &&
      typeof element.name === 'string' &&
      errors[element.name] !== undefined &&
      !element.matches(':disabled') &&
      element.closest('[hidden], [inert]') === null,
  );
  invalid?.focus();
}
