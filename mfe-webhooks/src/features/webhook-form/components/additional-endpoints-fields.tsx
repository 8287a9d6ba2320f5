import styled from 'styled-components';
import type { ActivityEventType } from '@outsync/contracts';
import {
  chooseEndpointAccount,
  endpointEventTypeOptions,
  ENDPOINT_ALREADY_SELECTED,
} from '@outsync/contracts/webhooks';
import { Button, useToast, theme } from '@outsync/ui';
import { MultiSelect, Select } from '@outsync/ui/select';
import { validationToast } from '@outsync/app-runtime';
import { FieldGroup, labelOf } from './form-parts';
import type { EndpointAccount, WebhookFormModel } from './use-webhook-form-data';

/** Spec 01 §2.7 'Additional Endpoints' (the row labels and button names are ours). */
export const additionalEndpointsTexts = {
  legend: 'Additional Endpoints',
  account: 'Account',
  accountPlaceholder: '-- Select Account --',
  accountsEmpty: 'Accounts not found',
  eventTypes: 'Event Types',
  eventTypesPlaceholder: 'Select event types',
  add: 'Add endpoint',
  remove: 'Remove endpoint',
} as const;

/**
 * The rows of webhook endpoints the events are also forwarded to: an account and its event
 * types. '+' on the last row adds a row once that row is complete; '-' removes its row (the last
 * one left becomes empty). An account chosen twice removes the duplicate row: the create form
 * says 'Endpoint is already selected', the settings dialog says nothing (spec 01 §4).
 */
export function AdditionalEndpointsFields({ form }: { form: WebhookFormModel }) {
  const { kind, values, dispatch, data } = form;
  const toast = useToast();
  const texts = additionalEndpointsTexts;
  const eventTypes = endpointEventTypeOptions(values.emailService);
  const accountOf = (id: string | null): EndpointAccount | null =>
    id === null
      ? null
      : (data.userAccounts.options.find((account) => account.id === id) ?? {
          id,
          description: id,
        });

  const chooseAccount = (index: number, userAccountId: string | null) => {
    const { duplicate } = chooseEndpointAccount(values.endpoints, index, userAccountId);
    dispatch({ type: 'endpointAccount', index, userAccountId });
    if (duplicate && kind === 'create') toast.show(validationToast(ENDPOINT_ALREADY_SELECTED));
  };

  return (
    <FieldGroup legend={labelOf(kind, texts.legend)}>
      {values.endpoints.map((row, index) => {
        const last = index === values.endpoints.length - 1;
        return (
          <Row key={index}>
            <Select<EndpointAccount>
              label={texts.account}
              placeholder={texts.accountPlaceholder}
              options={data.userAccounts.options}
              loading={data.userAccounts.loading}
              emptyText={texts.accountsEmpty}
              getOptionValue={(account) => account.id}
              getOptionLabel={(account) => account.description}
              value={accountOf(row.userAccountId)}
              onChange={(account) => chooseAccount(index, account?.id ?? null)}
            />
            <MultiSelect<ActivityEventType>
              label={texts.eventTypes}
              placeholder={texts.eventTypesPlaceholder}
              options={eventTypes}
              getOptionValue={(type) => type}
              getOptionLabel={(type) => type}
              value={row.eventTypes}
              onChange={(types) =>
                dispatch({ type: 'endpointEventTypes', index, eventTypes: types })
              }
            />
            <RowButtons>
              {last ? (
                <SquareButton
                  $variant="secondary"
                  aria-label={texts.add}
                  onClick={() => dispatch({ type: 'addEndpoint' })}
                >
                  +
                </SquareButton>
              ) : null}
              <SquareButton
                $variant="secondary"
                aria-label={texts.remove}
                onClick={() => dispatch({ type: 'removeEndpoint', index })}
              >
                -
              </SquareButton>
            </RowButtons>
          </Row>
        );
      })}
    </FieldGroup>
  );
}

const Row = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 2fr) auto;
  gap: ${theme.space(3)};
  align-items: end;
  @media (max-width: 640px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

const RowButtons = styled.div`
  display: flex;
  gap: ${theme.space(2)};
`;

const SquareButton = styled(Button)`
  justify-content: center;
  width: ${theme.controlHeight};
  height: ${theme.controlHeight};
  padding: 0;
  font-size: ${theme.font.size.lg};
`;
