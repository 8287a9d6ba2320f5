export { createCategoryBaseFiltersReads } from './category-base-filters.reads';
export { registerCategoryBaseFiltersRoutes } from './category-base-filters.routes';
export {
  type CategoryHoldDoc,
  categoryHoldModel,
  type CategoryHoldModel,
  leadCategoryStateModel,
  type LeadCategoryStateModel,
} from './category-hold.model';
export { createHoldStore } from './hold-store';
export { createPlatformCategoryLookup } from './platform-category';
