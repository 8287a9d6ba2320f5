// Custom task subject (spec 01 §5 "Custom task subject"); the spec's texts spelt literally.
import {
  customTaskSubjectSnippets,
  isValidCustomTaskSubject,
  tokensOf,
} from './custom-task-subject';

const allowedTokens = [
  'os_sales_engagement_platform',
  'event_type',
  'to_name',
  'from_name',
  'to_email',
  'from_email',
  'campaign_name',
  'campaign_id',
  'subject',
  'sequence_number',
  'lead_category_id',
  'lead_category_name',
];

describe('isValidCustomTaskSubject', () => {
  it('accepts the default subject', () => {
    expect(
      isValidCustomTaskSubject(
        '[OS] [{{ os_sales_engagement_platform }} - {{ event_type }}] {{ subject}}',
      ),
    ).toBe(true);
  });

  it.each(allowedTokens)('accepts the allowed token {{ %s }}', (token) => {
    expect(isValidCustomTaskSubject(`Task: {{ ${token} }}`)).toBe(true);
  });

  it('accepts every allowed token in one subject', () => {
    expect(isValidCustomTaskSubject(allowedTokens.map((token) => `{{${token}}}`).join(' '))).toBe(
      true,
    );
  });

  it('refuses a token that is not allowed', () => {
    expect(isValidCustomTaskSubject('{{ lead_email }}')).toBe(false);
    expect(isValidCustomTaskSubject('Reply from {{ to_name }} ({{ lead_email }})')).toBe(false);
    expect(isValidCustomTaskSubject('{{ }}')).toBe(false);
    expect(isValidCustomTaskSubject('{{ Subject }}')).toBe(false);
    expect(isValidCustomTaskSubject('{{ sub ject }}')).toBe(false);
  });

  it('ignores spacing inside the braces', () => {
    expect(isValidCustomTaskSubject('{{subject}}')).toBe(true);
    expect(isValidCustomTaskSubject('{{   subject   }}')).toBe(true);
    expect(isValidCustomTaskSubject('{{ subject}} and {{event_type }}')).toBe(true);
  });

  it('accepts text without tokens and balanced single braces', () => {
    expect(isValidCustomTaskSubject('Follow up')).toBe(true);
    expect(isValidCustomTaskSubject('{ a }')).toBe(true);
    expect(isValidCustomTaskSubject('{ {{ subject }} }')).toBe(true);
  });

  it.each(['}{', '{{ subject }', '{ a', 'a }', '{{ subject }}}', '{{{ subject }}', '}}{{'])(
    'refuses unbalanced braces or a closing brace before its opening one: %s',
    (subject) => {
      expect(isValidCustomTaskSubject(subject)).toBe(false);
    },
  );

  it('refuses a closing brace before its opening one even when the counts match', () => {
    expect(isValidCustomTaskSubject('{{ subject }}}{')).toBe(false);
    expect(isValidCustomTaskSubject('a } b {')).toBe(false);
  });

  it('refuses a blank or missing subject', () => {
    expect(isValidCustomTaskSubject('')).toBe(false);
    expect(isValidCustomTaskSubject('   ')).toBe(false);
    expect(isValidCustomTaskSubject(null)).toBe(false);
    expect(isValidCustomTaskSubject(undefined)).toBe(false);
  });
});

test('tokensOf reads the trimmed name inside each {{ }}', () => {
  expect(tokensOf('[{{ a }} - {{b}}] {c} {{  d e  }}')).toEqual(['a', 'b', 'd e']);
  expect(tokensOf('no tokens {here}')).toEqual([]);
});

describe('customTaskSubjectSnippets', () => {
  const emailSnippets = [
    'os_sales_engagement_platform',
    'event_type',
    'to_name',
    'to_email',
    'from_email',
    'campaign_name',
    'campaign_id',
    'subject',
    'sequence_number',
    'lead_category_id',
    'lead_category_name',
  ];

  it.each(['smartlead', 'instantly', 'bison'] as const)(
    '%s (an e-mail sequencer): every token but from_name',
    (platform) => {
      expect(customTaskSubjectSnippets(platform)).toEqual(emailSnippets);
    },
  );

  it('no platform yet: the e-mail sequencers’ list', () => {
    expect(customTaskSubjectSnippets(null)).toEqual(emailSnippets);
  });

  it('heyreach (the social tool): reading one', () => {
    expect(customTaskSubjectSnippets('heyreach')).toEqual([
      'os_sales_engagement_platform',
      'event_type',
      'from_name',
      'to_name',
      'campaign_name',
      'campaign_id',
      'lead_category_id',
      'lead_category_name',
    ]);
  });
});
