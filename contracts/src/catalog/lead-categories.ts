/** bison's lead categories are fixed (spec 01 §9). */
export const BISON_LEAD_CATEGORIES = [{ id: 'lead_interested', name: 'Interested' }] as const;

/** A new category's id: its name lowercased, each space an underscore (spec 02 §3, §9). */
export function leadCategoryId(name: string): string {
  return name.toLowerCase().replaceAll(' ', '_');
}
