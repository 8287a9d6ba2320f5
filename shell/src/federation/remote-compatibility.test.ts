import { checkRemoteCompatibility, type HostOffer } from './remote-compatibility';

const host: HostOffer = {
  apiContractVersion: 1,
  sharedVersions: { react: '19.3.1', 'react-router': '8.5.1', '@outsync/contracts': '0.1.0' },
};

/** An mf-manifest.json as our build writes it, trimmed to the parts the check reads; a null
 * declaration leaves `metaData.outsync` out. */
function manifest({
  declaration = { apiContractVersion: 1 } as unknown,
  shared = [
    { name: 'react', version: '19.3.1', requiredVersion: '^18 || ^19' },
    { name: 'react-router', version: '8.5.1', requiredVersion: '^8.5.1' },
    { name: '@outsync/contracts', version: '0.1.0', requiredVersion: '0.1.0' },
  ] as unknown[],
  buildVersion = '0.1.0',
} = {}) {
  return {
    id: 'outsync_history',
    name: 'outsync_history',
    metaData: {
      name: 'outsync_history',
      buildInfo: { buildVersion, buildName: '@outsync/mfe-history' },
      ...(declaration === null ? {} : { outsync: declaration }),
    },
    shared,
    remotes: [],
    exposes: [],
  };
}

test('a remote built against the same contract, with ranges the shell satisfies, is accepted with its release', () => {
  expect(checkRemoteCompatibility('outsync_history', manifest(), host)).toEqual({
    compatible: true,
    release: { version: '0.1.0' },
    warnings: [],
  });
});

test('a remote that declares another contract version is refused, saying why', () => {
  const verdict = checkRemoteCompatibility(
    'outsync_history',
    manifest({ declaration: { apiContractVersion: 2 } }),
    host,
  );
  expect(verdict).toEqual({
    compatible: false,
    reason:
      'This module needs a different version of OutSync (contract 2; this dashboard speaks 1).',
  });
});

test('an older contract is refused too: the shell speaks exactly one', () => {
  const verdict = checkRemoteCompatibility(
    'outsync_history',
    manifest({ declaration: { apiContractVersion: 0 } }),
    host,
  );
  expect(verdict).toMatchObject({ compatible: false });
});

test('a shared range the shell does not satisfy refuses the remote and names the packages', () => {
  const verdict = checkRemoteCompatibility(
    'outsync_history',
    manifest({
      shared: [
        { name: 'react', version: '20.0.0', requiredVersion: '^20.0.0' },
        { name: 'react-router', version: '8.5.1', requiredVersion: '^8.5.1' },
        { name: '@outsync/contracts', version: '0.2.0', requiredVersion: '0.2.0' },
      ],
    }),
    host,
  );
  expect(verdict).toEqual({
    compatible: false,
    reason:
      'This module needs react ^20.0.0, @outsync/contracts 0.2.0; this dashboard provides react 19.3.1, @outsync/contracts 0.1.0.',
  });
});

test('packages the shell does not provide, and entries without a range, are not checked', () => {
  const verdict = checkRemoteCompatibility(
    'outsync_history',
    manifest({
      shared: [
        { name: 'left-pad', version: '2.0.0', requiredVersion: '^2.0.0' },
        { name: 'react', version: '19.3.1' },
        { name: 'react-router', version: '8.5.1', requiredVersion: '' },
        'not an entry',
      ],
    }),
    host,
  );
  expect(verdict).toMatchObject({ compatible: true });
});

test('a manifest without a declaration is accepted with a warning', () => {
  expect(
    checkRemoteCompatibility('outsync_history', manifest({ declaration: null }), host),
  ).toEqual({
    compatible: true,
    release: { version: '0.1.0' },
    warnings: ['outsync_history declares no API contract version; it is loaded unchecked'],
  });
});

test('a declaration without a readable contract version is refused', () => {
  for (const declaration of [{}, { apiContractVersion: '1' }, { apiContractVersion: 1.5 }, 7]) {
    expect(checkRemoteCompatibility('outsync_history', manifest({ declaration }), host)).toEqual({
      compatible: false,
      reason: 'This module declares an API contract this dashboard cannot read.',
    });
  }
});

test('a release without a build version is accepted without one', () => {
  const verdict = checkRemoteCompatibility(
    'outsync_history',
    { metaData: { outsync: { apiContractVersion: 1 } } },
    host,
  );
  expect(verdict).toEqual({ compatible: true, release: { version: undefined }, warnings: [] });
});
