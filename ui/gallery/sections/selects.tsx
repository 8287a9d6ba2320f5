import { useState } from 'react';
import { Card } from '@outsync/ui';
import { MultiSelect, OptionLines, Select } from '@outsync/ui/select';
import { Grid } from '../section-parts';

interface Account {
  id: number;
  description: string;
}

interface CrmProperty {
  name: string;
  label: string;
  description: string;
}

interface Owner {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

interface Category {
  id: string | number;
  name: string;
}

const accounts: Account[] = [
  { id: 11, description: 'Production endpoint' },
  { id: 12, description: 'Staging endpoint' },
  { id: 13, description: 'Data warehouse relay with a rather long description that wraps' },
];

const properties: CrmProperty[] = [
  { name: 'email', label: 'Email', description: "The contact's e-mail address" },
  { name: 'hs_linkedin_url', label: 'LinkedIn URL', description: 'Profile URL on the social tool' },
  { name: 'os_objectlookup_id', label: 'Lookup ID', description: 'Custom field used for lookups' },
  { name: 'phone', label: 'Phone number', description: "The contact's primary phone number" },
];

const owners: Owner[] = [
  { id: 'o1', firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.test' },
  { id: 'o2', firstName: 'Grace', lastName: 'Hopper', email: 'grace@acme.test' },
  { id: 'o3', firstName: 'Alan', lastName: 'Turing', email: 'alan@acme.test' },
];

const categories: Category[] = [
  { id: 1, name: 'Interested' },
  { id: 2, name: 'Meeting Request' },
  { id: 3, name: 'Not Interested' },
  { id: 4, name: 'Do Not Contact' },
  { id: 5, name: 'Information Request' },
  { id: 6, name: 'Out Of Office' },
  { id: 'lead_interested', name: 'Interested' },
];

const accountProps = {
  options: accounts,
  getOptionValue: (account: Account) => account.id,
  getOptionLabel: (account: Account) => account.description,
  placeholder: '-- Select Account --',
  emptyText: 'Accounts not found',
};

const propertyProps = {
  options: properties,
  getOptionValue: (property: CrmProperty) => property.name,
  getOptionLabel: (property: CrmProperty) => property.label,
  getOptionSearchText: (property: CrmProperty) => `${property.name} ${property.description}`,
  renderOption: (property: CrmProperty) => (
    <OptionLines
      primary={property.label}
      secondary={property.name}
      tertiary={property.description}
    />
  ),
  loadingText: 'Loading properties...',
  emptyText: 'No properties found',
};

const categoryProps = {
  options: categories,
  getOptionValue: (category: Category) => category.id,
  getOptionLabel: (category: Category) => `ID: ${category.id} - ${category.name}`,
  emptyText: 'Categories not found',
};

/** Selects and multi-selects in every state, for the gallery (and its axe check). */
export default function SelectsSection() {
  const [account, setAccount] = useState<Account | null>(null);
  const [chosenAccount, setChosenAccount] = useState<Account | null>(accounts[0] ?? null);
  const [property, setProperty] = useState<CrmProperty | null>(null);
  const [owner, setOwner] = useState<Owner | null>(owners[1] ?? null);
  const [chosenCategories, setChosenCategories] = useState<Category[]>(categories.slice(0, 2));
  const [profileProperties, setProfileProperties] = useState<CrmProperty[]>([]);

  return (
    <section aria-labelledby="gallery-selects-heading">
      <h2 id="gallery-selects-heading">Selects</h2>
      <Card>
        <Grid $minColumnWidth="280px">
          <Select<Account>
            label="Account (empty)"
            {...accountProps}
            value={account}
            onChange={setAccount}
          />
          <Select<Account>
            label="Account (chosen, clearable)"
            {...accountProps}
            clearable
            value={chosenAccount}
            onChange={setChosenAccount}
          />
          <Select<Account>
            label="Account (no options)"
            {...accountProps}
            options={[]}
            value={null}
            onChange={() => undefined}
          />
          <Select<Account>
            label="Account (error)"
            {...accountProps}
            help="Where the additional endpoint sends events."
            error="Select an account"
            required
            value={null}
            onChange={() => undefined}
          />
          <Select<Account>
            label="Account (disabled)"
            {...accountProps}
            disabled
            value={accounts[1] ?? null}
            onChange={() => undefined}
          />
          <Select<CrmProperty>
            label="Object lookup selection (searchable)"
            {...propertyProps}
            searchable
            placeholder="Search properties"
            value={property}
            onChange={setProperty}
          />
          <Select<CrmProperty>
            label="Email Property (loading)"
            {...propertyProps}
            searchable
            loading
            value={null}
            onChange={() => undefined}
          />
          <Select<Owner>
            label="Select owner"
            options={owners}
            getOptionValue={(person) => person.id}
            getOptionLabel={(person) => `${person.firstName} ${person.lastName}`}
            getOptionSearchText={(person) => person.email}
            renderOption={(person) => (
              <OptionLines
                primary={`${person.firstName} ${person.lastName}`}
                secondary={person.email}
              />
            )}
            searchable
            value={owner}
            onChange={setOwner}
          />
          <MultiSelect<Category>
            label="Category-based filter"
            {...categoryProps}
            placeholder="Choose categories"
            value={chosenCategories}
            onChange={setChosenCategories}
          />
          <MultiSelect<CrmProperty>
            label="Social Profile Source (multi, three-line options)"
            {...propertyProps}
            placeholder="Choose properties"
            value={profileProperties}
            onChange={setProfileProperties}
          />
          <MultiSelect<Category>
            label="Category-based filter (loading)"
            {...categoryProps}
            options={[]}
            loading
            loadingText="Loading categories..."
            value={[]}
            onChange={() => undefined}
          />
          <MultiSelect<Category>
            label="Category-based filter (error, disabled)"
            {...categoryProps}
            error="Select at least one category"
            disabled
            value={categories.slice(2, 4)}
            onChange={() => undefined}
          />
        </Grid>
      </Card>
    </section>
  );
}
