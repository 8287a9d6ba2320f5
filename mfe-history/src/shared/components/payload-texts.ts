/**
 * Texts of the Payload cell and of the dialog it opens. Their own module: the dialog is loaded
 * lazily by payload-parts.tsx, so it must not import that file back.
 */
export const payloadTexts = {
  subject: 'Subject',
  toEmail: 'To Email',
  fromEmail: 'From Email',
  event: 'Event',
  // After the visible summary: the button's name starts with what it shows (WCAG 2.5.3).
  open: (id: string) => `, open the payload of ${id}`,
  dialogTitle: (id: string) => `Payload ${id}`,
  jsonLabel: 'Payload',
} as const;
