import nodemailer from 'nodemailer';
import { at, startTestSandbox, type TestSandbox } from './sandbox-client.ts';

let sandbox: TestSandbox;
beforeAll(async () => {
  sandbox = await startTestSandbox({ seed: false });
});
afterAll(() => sandbox.stop());

describe('mailbox', () => {
  it('receives a message sent with nodemailer over SMTP and serves it newest first', async () => {
    const transport = nodemailer.createTransport({
      host: '127.0.0.1',
      port: sandbox.smtpPort,
      secure: false,
      auth: { user: 'outsync', pass: 'anything' },
    });
    await transport.sendMail({
      from: 'OutSync <no-reply@outsync.test>',
      to: 'user@customer.example',
      subject: 'Your sign-in code',
      text: 'Code: 123456',
      html: '<p>Code: <b>123456</b></p>',
    });
    await transport.sendMail({
      from: 'no-reply@outsync.test',
      to: 'User@Customer.example',
      subject: 'Second <code>',
      text: 'Code: 654321',
    });
    await transport.sendMail({
      from: 'no-reply@outsync.test',
      to: 'someone@else.example',
      subject: 'Other',
      text: 'x',
    });
    transport.close();

    const messages = await sandbox.request('GET', '/mailbox/messages?to=user@customer.example');
    expect((messages.body as unknown[]).length).toBe(2);
    expect(at(messages.body, 0, 'subject')).toBe('Second <code>');
    expect(at(messages.body, 1, 'text')).toContain('Code: 123456');
    expect(at(messages.body, 1, 'html')).toContain('<b>123456</b>');
    expect(at(messages.body, 1, 'from')).toBe('no-reply@outsync.test');
    expect(typeof at(messages.body, 1, 'receivedAt')).toBe('string');

    const page = await sandbox.request('GET', '/mailbox');
    expect(page.body).toContain('Second &lt;code&gt;');
    expect(page.body).not.toContain('Second <code>');
  });
});
