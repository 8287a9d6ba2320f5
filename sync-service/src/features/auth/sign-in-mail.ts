import type { MailMessage } from '../../platform/mailer';

/**
 * The sign-in code e-mail. The code is the only six-digit number in the text (the e2e test
 * reads it from there) and stays out of the subject, which notifications show on lock screens.
 */
export function signInMail(to: string, code: string, validMinutes: number): MailMessage {
  return {
    to,
    subject: 'Your OutSync sign-in code',
    text: [
      `Your OutSync sign-in code is ${code}`,
      '',
      `Enter it on the OutSync sign-in page. It is valid for ${validMinutes} minutes and works once.`,
      '',
      'If you did not try to sign in to OutSync, you can ignore this e-mail: nobody can sign in without the code.',
    ].join('\n'),
    html: `<!doctype html>
<html>
  <body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
    <div style="max-width:480px;margin:0 auto;background:#ffffff;border-radius:8px;padding:32px">
      <h1 style="margin:0 0 16px;font-size:20px">Your OutSync sign-in code</h1>
      <p style="margin:0 0 24px">Enter this code on the OutSync sign-in page:</p>
      <p style="margin:0 0 24px;font-size:32px;font-weight:bold;letter-spacing:8px">${code}</p>
      <p style="margin:0 0 8px">It is valid for ${validMinutes} minutes and works once.</p>
      <p style="margin:0;color:#616e7c;font-size:13px">If you did not try to sign in to OutSync, you can ignore this e-mail: nobody can sign in without the code.</p>
    </div>
  </body>
</html>
`,
  };
}
