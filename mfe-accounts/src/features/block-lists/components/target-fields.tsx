import { useEffect } from 'react';
import { theme } from '@outsync/ui';
import { useAtomValue } from 'jotai';
import styled from 'styled-components';
import { productNameAtom } from '@outsync/app-runtime';
import { platformDisplayName, platformFacts, type Platform } from '@outsync/contracts';
import type { ApiKey, BlockType, PlatformClient } from '@outsync/contracts/accounts';
import { CheckboxField } from '@outsync/ui/form';
import { Select } from '@outsync/ui/select';
import { MutedText } from '../../../shared/components/screen-parts';
import { useSmartleadClients } from '../api/get-smartlead-clients';
import { blockTypesFor, hasClientSelect, isSocialPlatform } from '../state/block-list-rules';
import { blockListFormTexts as t } from './block-list-form-texts';

// The fields both block-list forms have after their list: platform, API key, type of blocking,
// the non-Latin note and the client (spec 02 §2.7).

export function PlatformField({
  platforms,
  value,
  onChange,
  error,
}: {
  platforms: readonly Platform[];
  value: Platform | null;
  onChange: (platform: Platform | null) => void;
  error?: string;
}) {
  return (
    <Select<Platform>
      label={t.platform}
      placeholder={t.platformPlaceholder}
      options={platforms}
      getOptionValue={(platform) => platform}
      getOptionLabel={(platform) => platformFacts[platform].displayName}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}

/** The profile's keys for the chosen platform, by description. */
export function ApiKeyField({
  label,
  keys,
  loading,
  value,
  onChange,
  error,
}: {
  label: string;
  keys: readonly ApiKey[];
  loading: boolean;
  value: string | null;
  onChange: (apiKeyId: string | null) => void;
  error?: string;
}) {
  return (
    <Select<ApiKey>
      label={label}
      placeholder={t.apiKeyPlaceholder}
      options={keys}
      loading={loading}
      emptyText={t.apiKeyEmpty}
      getOptionValue={(key) => key.id}
      getOptionLabel={(key) => key.description}
      value={keys.find((key) => key.id === value) ?? null}
      onChange={(key) => onChange(key?.id ?? null)}
      error={error}
    />
  );
}

/** The block types the platform takes; for the social tool an address is a profile. */
export function BlockTypeField({
  platform,
  value,
  onChange,
  disabled,
  error,
}: {
  platform: Platform | null;
  value: BlockType | null;
  onChange: (blockType: BlockType | null) => void;
  disabled?: boolean;
  error?: string;
}) {
  const social = isSocialPlatform(platform);
  const label = (blockType: BlockType) =>
    social && blockType === 'ADDRESS' ? t.socialAddress : t.blockTypes[blockType];
  return (
    <Select<BlockType>
      label={t.blockType}
      placeholder={t.blockTypePlaceholder}
      options={blockTypesFor(platform)}
      getOptionValue={(blockType) => blockType}
      getOptionLabel={label}
      value={value}
      onChange={onChange}
      disabled={disabled}
      error={error}
    />
  );
}

/**
 * Spec 02 §2.7: Instantly's API takes no non-Latin addresses, so the domain is blocked instead.
 * The checkbox shows what is sent (spec 02 §5: the rule decides, not the box), so it is fixed.
 */
export function NonLatinNote({ platform }: { platform: Platform | null }) {
  const product = useAtomValue(productNameAtom);
  return (
    <Note>
      <MutedText>{t.nonLatinNote(platformDisplayName(platform), product)}</MutedText>
      <CheckboxField label={t.nonLatinCheckbox} checked readOnly disabled />
    </Note>
  );
}

/** "{platform name} Clients": the clients the key sees, as "{id} {name} {client email}". */
export function ClientField({
  platform,
  clients,
  loading,
  value,
  onChange,
  error,
}: {
  platform: Platform | null;
  clients: readonly PlatformClient[];
  loading: boolean;
  value: string | null;
  onChange: (client: string | null) => void;
  error?: string;
}) {
  const platformName = platformDisplayName(platform);
  return (
    <Select<PlatformClient>
      label={t.clients(platformName)}
      placeholder={t.clientPlaceholder}
      options={clients}
      loading={loading}
      emptyText={t.clientsEmpty(platformName)}
      getOptionValue={(client) => client.id}
      getOptionLabel={t.client}
      value={clients.find((client) => client.id === value) ?? null}
      onChange={(client) => onChange(client?.id ?? null)}
      clearable
      error={error}
    />
  );
}

/**
 * The clients of the chosen key, for a platform with a client select. A failure to read them
 * clears the key (spec 02 §4); the failure's message is the query's error toast.
 */
export function useKeyClients(
  platform: Platform | null,
  apiKeyId: string | null,
  clearApiKey: () => void,
) {
  const clients = useSmartleadClients(hasClientSelect(platform) ? apiKeyId : null);
  const failedKeyId = clients.isError ? apiKeyId : null;
  useEffect(() => {
    if (failedKeyId !== null) clearApiKey();
  }, [failedKeyId, clearApiKey]);
  return clients;
}

const Note = styled.div`
  grid-column: 1 / -1;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
`;
