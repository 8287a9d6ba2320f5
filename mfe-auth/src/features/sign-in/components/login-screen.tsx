import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { useLogin } from '../api/use-login';
import { SubmitButton, TextField } from './form-controls';
import { SignInLayout } from './sign-in-layout';

export const emailLabel = 'Email';
export const emailPlaceholder = 'you@company.com';
export const continueLabel = 'Continue';
export const sendingLabel = 'SENDING...';
export const accountNote = "If you don't have an account, we'll create one.";
export const supportQuestion = 'Need help?';
export const supportLinkLabel = 'Contact support';
/** Where the contact-support link writes to. */
export const supportEmail = 'support@outsync.dev';

export const loginLead = "Enter your work email and we'll send you a sign-in code.";

/** The login screen (spec 01 §2.3): e-mail, Continue, the new-account note, the support link. */
export function LoginScreen({ title }: { title: string }) {
  const { busy, submit } = useLogin();
  const emailToEdit = useEmailToEdit();
  const [email, setEmail] = useState(emailToEdit);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(email);
  };

  return (
    <SignInLayout title={title} lead={loginLead}>
      {/* noValidate: the spec's own toast tells an empty field, not the browser's bubble. */}
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          label={emailLabel}
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          placeholder={emailPlaceholder}
          required
          autoFocus
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
        <SubmitButton busy={busy} busyLabel={sendingLabel}>
          {continueLabel}
        </SubmitButton>
      </Form>
      <Note>{accountNote}</Note>
      <Support>
        {supportQuestion} <a href={`mailto:${supportEmail}`}>{supportLinkLabel}</a>
      </Support>
    </SignInLayout>
  );
}

/** Edit on the verify screen comes back here with the e-mail, so a typo is one fix away. */
function useEmailToEdit(): string {
  const { state } = useLocation();
  return isEmailState(state) ? state.email : '';
}

function isEmailState(state: unknown): state is { email: string } {
  return (
    typeof state === 'object' &&
    state !== null &&
    'email' in state &&
    typeof state.email === 'string'
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(5)};
`;

const Note = styled.p`
  margin: ${({ theme }) => `${theme.space(4)} 0 0`};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.inkMuted};
  text-align: center;
`;

const Support = styled.p`
  margin: ${({ theme }) => `${theme.space(8)} 0 0`};
  padding-top: ${({ theme }) => theme.space(5)};
  border-top: 1px solid #e5e7eb;
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.inkMuted};
  text-align: center;
  a {
    font-weight: 600;
    color: ${({ theme }) => theme.colors.brand};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;
