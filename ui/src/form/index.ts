export {
  useZodForm,
  type FieldBinding,
  type FieldName,
  type FieldPath,
  type FormErrors,
  type FormSchema,
  type FormTransition,
  type FormValues,
  type UseZodFormOptions,
  type ZodForm,
} from './use-zod-form';
export {
  Field,
  FieldMessages,
  useFieldWiring,
  type FieldControlProps,
  type FieldFrameProps,
  type FieldLabelWiring,
} from './field';
export { NumberField, PasswordField, TextField, type TextFieldProps } from './text-field';
export { TextareaField, type TextareaFieldProps } from './textarea-field';
export { CheckboxField, type CheckboxFieldProps } from './checkbox-field';
export {
  BusyButton,
  SubmitButton,
  type BusyButtonProps,
  type SubmitButtonProps,
} from './submit-button';
export { LinkButton } from './link-button';
export { FieldGrid, FieldGridRow, FormActions } from './layout';
