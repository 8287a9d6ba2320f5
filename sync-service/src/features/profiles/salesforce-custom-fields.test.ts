import { OUTSYNC_SALESFORCE_FIELDS } from '../../pipeline/write/salesforce/salesforce-field-catalog';
import { SALESFORCE_CUSTOM_FIELDS } from './salesforce-custom-fields';

// "Create Fields" (this feature) and the Salesforce writer (the pipeline) must agree on the
// fields: one the writer sets that was never created fails every write of that object.
describe('the fields "Create Fields" creates', () => {
  it('holds exactly the fields "Create Fields" creates, with their types and lengths', () => {
    const created = SALESFORCE_CUSTOM_FIELDS.map((field) => ({
      name: field.fullName,
      type: field.type,
      length: field.type === 'Text' || field.type === 'LongTextArea' ? field.length : undefined,
    }));
    const catalog = OUTSYNC_SALESFORCE_FIELDS.map((field) => ({
      name: field.name,
      type: field.type,
      length: field.length,
    }));
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
    expect(catalog.sort(byName)).toEqual(created.sort(byName));
  });
});
