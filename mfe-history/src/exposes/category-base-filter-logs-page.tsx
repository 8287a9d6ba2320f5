import {
  CategoryBaseFilterScreen,
  categoryBaseFilterTexts,
} from '../features/category-base-filter-logs/components/category-base-filter-screen';

export const CategoryBaseFilterLogsTitle = categoryBaseFilterTexts.title;

/** category-base-filter-logs (spec 02 §2.11). */
export default function CategoryBaseFilterLogsPage() {
  return <CategoryBaseFilterScreen />;
}
