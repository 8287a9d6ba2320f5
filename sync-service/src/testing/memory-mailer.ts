import { SIGN_IN_CODE_LENGTH } from '@outsync/contracts';
import type { MailMessage, Mailer } from '../platform/mailer';

export type SentMail = MailMessage & { from: string };

/** A Mailer that keeps what it is given, for tests to read back. */
export type MemoryMailer = Mailer & {
  /** Every message, oldest first. */
  readonly sent: readonly SentMail[];
  /** The messages to one address (any case), newest first, as the sandbox mailbox lists them. */
  to(address: string): SentMail[];
  /** The sign-in code in the newest message to the address; throws when there is none. */
  lastCode(address: string): string;
};

const CODE = new RegExp(`\\b(\\d{${SIGN_IN_CODE_LENGTH}})\\b`);

export function createMemoryMailer(from = 'OutSync <sign-in@outsync.local>'): MemoryMailer {
  const sent: SentMail[] = [];
  const to = (address: string) => {
    const wanted = address.trim().toLowerCase();
    return sent.filter((mail) => mail.to.toLowerCase() === wanted).reverse();
  };
  return {
    sent,
    async send(message) {
      sent.push({ from, ...message });
    },
    close() {},
    to,
    lastCode(address) {
      const [newest] = to(address);
      const code = newest && CODE.exec(newest.text)?.[1];
      if (!code) throw new Error(`no sign-in code was e-mailed to ${address}`);
      return code;
    },
  };
}
