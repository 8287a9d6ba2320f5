import nodemailer from 'nodemailer';
import type { Logger } from './logger';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
};

export type Mailer = {
  /** Hands the message to the SMTP server; rejects when it does not accept it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

/**
 * SMTP mail through nodemailer. `smtpUrl` carries host, port, TLS (`smtps://`) and credentials
 * (`smtp://user:pass@host:587`); by default it is the sandbox mailbox on 127.0.0.1:2525.
 */
export function createMailer(options: { smtpUrl: string; from: string; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.smtpUrl);
  const log = options.logger.child({ component: 'mailer' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      // The message id only: the body may hold a sign-in code, the address is personal data.
      log.debug({ messageId: info.messageId }, 'mail accepted by the SMTP server');
    },
    close() {
      transport.close();
    },
  };
}
