import { useState } from 'react';
import { UiProvider } from '../ui-provider';
import { LazySelect, type LazySelectProps } from './lazy-select';

/** A LazySelect wired as a screen would: controlled, three statuses (the lazy-select tests). */
export function StatusSelect({
  initialValue = null,
  onChange,
  ...props
}: Partial<Omit<LazySelectProps<string>, 'value'>> & { initialValue?: string | null }) {
  const [value, setValue] = useState<string | null>(initialValue);
  return (
    <UiProvider>
      <LazySelect<string>
        label="Status"
        placeholder="-- Any status --"
        options={['failed', 'held', 'synced']}
        getOptionValue={(status) => status}
        getOptionLabel={(status) => status}
        {...props}
        value={value}
        onChange={(status) => {
          setValue(status);
          onChange?.(status);
        }}
      />
    </UiProvider>
  );
}
