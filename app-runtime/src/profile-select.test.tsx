import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import type { IntegrationItem } from '@outsync/contracts/accounts';
import { UiProvider } from '@outsync/ui';
import { ProfileSelect } from './profile-select';

function integration(
  id: string,
  profile: 'HUBSPOT' | 'SALESFORCE',
  email: string,
  organizationId: string,
  organizationDomain: string,
): IntegrationItem {
  return {
    user: {
      id,
      profile,
      email,
      organizationId,
      organizationDomain,
      firstName: 'Ada',
      lastName: 'Lovelace',
      canWebhook: true,
      canUserAccount: true,
      canBlockList: true,
    },
  };
}

const hubspot = integration(
  '0'.repeat(23) + '1',
  'HUBSPOT',
  'ada@acme.test',
  '20519234',
  'acme.hubspot.test',
);
const salesforce = integration(
  '0'.repeat(23) + '2',
  'SALESFORCE',
  'ada@acme-sf.test',
  '00D5g000004XyZ1',
  'acme.my.salesforce.test',
);

function Screen({ onChange, ...props }: Partial<Parameters<typeof ProfileSelect>[0]>) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <UiProvider>
      <ProfileSelect
        integrations={[hubspot, salesforce]}
        value={value}
        onChange={(id) => {
          setValue(id);
          onChange?.(id);
        }}
        {...props}
      />
    </UiProvider>
  );
}

test("'Select Profile' lists the integrations as '{profile} - {email} - {organizationId} {organizationDomain}' and answers the chosen id", () => {
  const onChange = jest.fn();
  render(<Screen onChange={onChange} />);
  const combobox = screen.getByRole('combobox', { name: 'Select Profile' });
  expect(combobox.textContent).toBe('Select Profile');

  fireEvent.click(combobox);
  expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
    'HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test',
    'SALESFORCE - ada@acme-sf.test - 00D5g000004XyZ1 acme.my.salesforce.test',
  ]);
  fireEvent.click(
    screen.getByRole('option', {
      name: 'SALESFORCE - ada@acme-sf.test - 00D5g000004XyZ1 acme.my.salesforce.test',
    }),
  );

  expect(onChange).toHaveBeenCalledWith('000000000000000000000002');
  expect(combobox.textContent).toBe(
    'SALESFORCE - ada@acme-sf.test - 00D5g000004XyZ1 acme.my.salesforce.test',
  );
});

test("a screen may word the label its own way ('Select Profile:', spec 01 §2.6); the placeholder stays", () => {
  render(<Screen label="Select Profile:" />);
  expect(screen.getByRole('combobox', { name: 'Select Profile:' }).textContent).toBe(
    'Select Profile',
  );
});

test('shows the field error and can be disabled', () => {
  render(<Screen error="Select Profile" disabled />);
  const combobox = screen.getByRole('combobox', { name: 'Select Profile' });
  expect(combobox.getAttribute('aria-invalid')).toBe('true');
  expect(combobox.getAttribute('aria-disabled')).toBe('true');
});

test('each option shows the CRM kind and e-mail, then the organisation on a line of its own, read as the spec’s label', () => {
  render(
    <UiProvider>
      <ProfileSelect integrations={[hubspot]} value={null} onChange={() => {}} />
    </UiProvider>,
  );
  fireEvent.click(screen.getByRole('combobox', { name: 'Select Profile' }));
  const option = screen.getByRole('option');
  expect(option.textContent).toBe('HUBSPOT - ada@acme.test - 20519234 acme.hubspot.test');
  // Two lines: each its own element.
  expect(screen.getByText('HUBSPOT - ada@acme.test')).toBeTruthy();
  expect(screen.getByText('20519234 acme.hubspot.test')).toBeTruthy();
});
