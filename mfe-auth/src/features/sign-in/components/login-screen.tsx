import { LoginFormSchema } from '@outsync/contracts';
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { useToast, theme } from '@outsync/ui';
import { SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { useLogin } from '../api/use-login';
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
  const toast = useToast();
  const emailToEdit = useEmailToEdit();
  const form = useZodForm({
    schema: LoginFormSchema,
    defaultValues: { email: emailToEdit },
    onInvalid: (_errors, detail) => toast.show({ severity: 'warn', detail }),
  });

  return (
    <SignInLayout title={title} lead={loginLead}>
      {/* noValidate: the spec's own toast tells an empty field, not the browser's bubble. */}
      <Form
        noValidate
        onSubmit={form.handleSubmit(async ({ email }) => {
          await submit(email);
        })}
      >
        <TextField
          {...form.field('email')}
          label={emailLabel}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={emailPlaceholder}
          required
          hideRequiredMarker
          autoFocus
        />
        <SignInSubmit block busy={busy} busyLabel={sendingLabel}>
          {continueLabel}
        </SignInSubmit>
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
  gap: ${theme.space(5)};
  /* The sign-in card's controls are a size larger than the dashboard's. */
  --os-control-height: 44px;
`;

const SignInSubmit = styled(SubmitButton)`
  text-transform: uppercase;
  letter-spacing: 0.06em;
  font-size: ${theme.font.size.sm};
`;

const Note = styled.p`
  margin: ${theme.space(4)} 0 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
  text-align: center;
`;

const Support = styled.p`
  margin: ${theme.space(8)} 0 0;
  padding-top: ${theme.space(5)};
  border-top: 1px solid ${theme.colors.border};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
  text-align: center;
  a {
    font-weight: 600;
    color: ${theme.colors.brand};
    text-decoration: none;
  }
  a:hover {
    text-decoration: underline;
  }
`;
