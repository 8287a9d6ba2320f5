import { validationToast } from './validation-toast';

test("a validation message is a warning summarised 'Validation' that lives 3 s (spec 01 §5, §8; spec 02 §5)", () => {
  expect(validationToast('Fill URL')).toEqual({
    severity: 'warn',
    summary: 'Validation',
    detail: 'Fill URL',
    life: 3000,
  });
});
