/**
 * The webhook switches' defaults as spec 01 §9 states them, spelled out once for the tests that
 * compare whole settings objects (the form's, the save rules', the stored webhook's). A new
 * switch adds its line here instead of one in each of those tests; the tests that decide what a
 * switch does still spell its value themselves.
 */
export const SPEC_SWITCH_DEFAULTS = {
  createOrUpdateCompany: true,
  createOrUpdateTask: false,
  createContactCustomProperties: true,
  assignCompanyOwner: false,
  assignContactOwner: false,
  salesforceOnlyUpdate: false,
} as const;
