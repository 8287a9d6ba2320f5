// salesforce-client: SOQL queries (paging, session refresh, limits, row shapes), the
// queries listUsers and listPermissionSets are built on, and soqlString.
import nock from 'nock';
import { z } from 'zod';
import { failureOf } from '../../test-support';
import { soqlString } from './salesforce-soql';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  auth,
  client,
  row,
} from './salesforce-client.test-support';

installNockHooks();

describe('query', () => {
  it('follows nextRecordsUrl on the instance host with the bearer session', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: 'SELECT Id FROM Contact' })
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, {
        totalSize: 3,
        done: false,
        nextRecordsUrl: `${DATA}/query/01gD0000002HU6KIAW-2000`,
        records: [row('Contact', { Id: '003A' }), row('Contact', { Id: '003B' })],
      })
      .get(`${DATA}/query/01gD0000002HU6KIAW-2000`)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(200, { totalSize: 3, done: true, records: [row('Contact', { Id: '003C' })] });

    const rows = await client().query('SELECT Id FROM Contact', z.looseObject({ Id: z.string() }));

    expect(rows.map((record) => record.Id)).toEqual(['003A', '003B', '003C']);
  });

  it('refreshes the session once on INVALID_SESSION_ID and repeats', async () => {
    const tokens = auth();
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .matchHeader('authorization', 'Bearer session-1')
      .reply(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }])
      .get(`${DATA}/query`)
      .query(true)
      .matchHeader('authorization', 'Bearer session-2')
      .reply(200, { totalSize: 0, done: true, records: [] });

    await expect(client(tokens).query('SELECT Id FROM Contact')).resolves.toEqual([]);
    expect(tokens.refreshes).toBe(1);
  });

  it('fails as rate_limited when the org has spent its API budget', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(403, [
        { message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' },
      ]);

    const error = await failureOf(client().query('SELECT Id FROM Contact'));

    expect(error).toMatchObject({ code: 'rate_limited', status: 403, retryable: true });
  });

  it('fails as unexpected when a row does not match, naming the row', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query(true)
      .reply(200, { totalSize: 1, done: true, records: [row('User', { Id: 5 })] });

    const error = await failureOf(
      client().query('SELECT Id FROM User', z.looseObject({ Id: z.string() })),
    );

    expect(error.code).toBe('unexpected');
    expect(error.message).toBe(
      'Salesforce query answered a row in an unexpected shape: records.0.Id: Invalid input: expected string, received number',
    );
  });
});

describe('listUsers', () => {
  it('queries active standard users and answers them as owners', async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({
        q: "SELECT Id, Name, Email, FirstName, LastName FROM User WHERE IsActive = true AND UserType = 'Standard' ORDER BY Name",
      })
      .reply(200, {
        totalSize: 2,
        done: true,
        records: [
          row('User', {
            Id: '005A',
            Name: 'Ana Lima',
            Email: 'ana@acme.test',
            FirstName: 'Ana',
            LastName: 'Lima',
          }),
          row('User', {
            Id: '005B',
            Name: 'Bot',
            Email: 'bot@acme.test',
            FirstName: null,
            LastName: 'Bot',
          }),
        ],
      });

    await expect(client().listUsers()).resolves.toEqual([
      { id: '005A', name: 'Ana Lima', email: 'ana@acme.test', firstName: 'Ana', lastName: 'Lima' },
      { id: '005B', name: 'Bot', email: 'bot@acme.test', firstName: '', lastName: 'Bot' },
    ]);
  });
});

describe('listPermissionSets', () => {
  it("lists every set, a profile's own by the profile's name, sorted by what an admin reads", async () => {
    nock(INSTANCE)
      .get(`${DATA}/query`)
      .query({ q: 'SELECT Id, Name, Label, IsOwnedByProfile, Profile.Name FROM PermissionSet' })
      .reply(200, {
        totalSize: 3,
        done: true,
        records: [
          row('PermissionSet', {
            Id: '0PS1',
            Name: 'OutSync_Integration',
            Label: 'OutSync Integration',
            IsOwnedByProfile: false,
            Profile: null,
          }),
          // A profile's own set: its label is generated; the profile names it.
          row('PermissionSet', {
            Id: '0PS2',
            Name: 'X00e5e000000Admin',
            Label: '00e5e000000Admin',
            IsOwnedByProfile: true,
            Profile: { attributes: { type: 'Profile' }, Name: 'System Administrator' },
          }),
          row('PermissionSet', {
            Id: '0PS3',
            Name: 'Marketing_Ops',
            Label: 'Marketing Ops',
            IsOwnedByProfile: false,
            Profile: null,
          }),
        ],
      });

    await expect(client().listPermissionSets()).resolves.toEqual([
      { Id: '0PS3', Name: 'Marketing_Ops', Label: 'Marketing Ops', ownedByProfile: false },
      {
        Id: '0PS1',
        Name: 'OutSync_Integration',
        Label: 'OutSync Integration',
        ownedByProfile: false,
      },
      {
        Id: '0PS2',
        Name: 'X00e5e000000Admin',
        Label: 'System Administrator',
        ownedByProfile: true,
      },
    ]);
  });
});

describe('soqlString', () => {
  it('quotes and escapes a literal', () => {
    expect(soqlString("O'Brien \\ co")).toBe("'O\\'Brien \\\\ co'");
  });
});
