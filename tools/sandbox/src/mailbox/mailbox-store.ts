export interface MailMessage {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: string;
}

const MAX_MESSAGES = 1000;

/** Received mail, newest first, capped so a long demo cannot grow memory without bound. */
export class MailboxStore {
  private messages: MailMessage[] = [];

  reset(): void {
    this.messages = [];
  }

  add(message: MailMessage): void {
    this.messages.unshift(message);
    if (this.messages.length > MAX_MESSAGES) this.messages.length = MAX_MESSAGES;
  }

  list(to?: string): MailMessage[] {
    if (!to) return [...this.messages];
    const wanted = to.trim().toLowerCase();
    return this.messages.filter((message) =>
      message.to.some((address) => address.toLowerCase() === wanted),
    );
  }
}
