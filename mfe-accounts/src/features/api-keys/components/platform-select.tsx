import { platformFacts, PlatformSchema, type Platform } from '@outsync/contracts';
import { Select } from '@outsync/ui/select';

export const platformSelectTexts = { label: 'Platform', placeholder: 'Select a platform' } as const;

const platforms = PlatformSchema.options;

/** The four platforms under their display names (spec 02 §2.4). */
export function PlatformSelect({
  value,
  onChange,
  error,
}: {
  value: Platform | null;
  onChange: (platform: Platform | null) => void;
  error?: string;
}) {
  return (
    <Select<Platform>
      label={platformSelectTexts.label}
      placeholder={platformSelectTexts.placeholder}
      options={platforms}
      getOptionValue={(platform) => platform}
      getOptionLabel={(platform) => platformFacts[platform].displayName}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
