// salesforce-client: describing an object, and the field and Task Type lists built on it.
import nock from 'nock';
import {
  installNockHooks,
  INSTANCE,
  DATA,
  client,
  picklistField,
} from './salesforce-client.test-support';

installNockHooks();

describe('object describe and the lists built on it', () => {
  const contactDescribe = {
    name: 'Contact',
    label: 'Contact',
    custom: false,
    fields: [
      {
        name: 'Email',
        label: 'Email',
        type: 'email',
        custom: false,
        inlineHelpText: null,
        picklistValues: [],
      },
      {
        name: 'OSLastReplyAt__c',
        label: 'Last reply at',
        type: 'datetime',
        custom: true,
        inlineHelpText: 'When the lead last replied',
        picklistValues: [],
      },
    ],
  };

  it('describes an object at /sobjects/{name}/describe', async () => {
    nock(INSTANCE).get(`${DATA}/sobjects/Contact/describe`).reply(200, contactDescribe);

    const described = await client().describe('Contact');

    expect(described.fields[1]).toEqual({
      name: 'OSLastReplyAt__c',
      label: 'Last reply at',
      type: 'datetime',
      custom: true,
      inlineHelpText: 'When the lead last replied',
      picklistValues: [],
    });
  });

  it('lists fields as name, label and description (the help text)', async () => {
    nock(INSTANCE)
      .get(`${DATA}/sobjects/Lead/describe`)
      .reply(200, { ...contactDescribe, name: 'Lead' });

    await expect(client().listFields('Lead')).resolves.toEqual([
      { name: 'Email', label: 'Email', description: '' },
      {
        name: 'OSLastReplyAt__c',
        label: 'Last reply at',
        description: 'When the lead last replied',
      },
    ]);
  });

  it('lists the active Task Type values and checks one', async () => {
    const taskDescribe = {
      name: 'Task',
      label: 'Task',
      fields: [
        picklistField('Status', [['Not Started', true]]),
        picklistField('Type', [
          ['Call', true],
          ['Email', true],
          ['Old', false],
          ['LinkedIn', true],
        ]),
      ],
    };
    nock(INSTANCE).get(`${DATA}/sobjects/Task/describe`).times(3).reply(200, taskDescribe);
    const salesforce = client();

    await expect(salesforce.listTaskTypes()).resolves.toEqual([
      { value: 'Call', label: 'Call' },
      { value: 'Email', label: 'Email' },
      { value: 'LinkedIn', label: 'LinkedIn' },
    ]);
    await expect(salesforce.hasTaskType('LinkedIn')).resolves.toBe(true);
    await expect(salesforce.hasTaskType('Old')).resolves.toBe(false);
  });

  it('answers no task types when Type is not visible', async () => {
    nock(INSTANCE)
      .get(`${DATA}/sobjects/Task/describe`)
      .reply(200, {
        name: 'Task',
        label: 'Task',
        fields: [picklistField('Status', [['Done', true]])],
      });

    await expect(client().listTaskTypes()).resolves.toEqual([]);
  });
});
