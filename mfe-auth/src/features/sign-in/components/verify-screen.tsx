import { SIGN_IN_CODE_LENGTH, VerifyFormSchema } from '@outsync/contracts';
import styled from 'styled-components';
import { useToast, theme } from '@outsync/ui';
import { CheckboxField, LinkButton, SubmitButton, TextField, useZodForm } from '@outsync/ui/form';
import { useVerify } from '../api/use-verify';
import { SignInLayout } from './sign-in-layout';

export const sentCodeText = "We've sent an email with your code to";
export const emailLabel = 'Email';
export const editLabel = 'Edit';
export const codeLabel = 'Code';
export const codePlaceholder = 'Enter the 6-digit code';
export const rememberMeLabel = 'Remember me';
export const continueLabel = 'Continue';
export const verifyingLabel = 'VERIFYING...';
export const noEmailQuestion = "Didn't receive an email?";
export const resendLabel = 'Resend';
export const resendCountdownLabel = (seconds: number) => `Resend in ${seconds}s`;

/**
 * The verify screen (spec 01 §2.4): the sent-code line, the read-only e-mail with Edit, the code,
 * Remember me, Continue and Resend. Renders nothing while it sends a visitor without an e-mail
 * back to '/'.
 */
export function VerifyScreen({ title }: { title: string }) {
  const { email, verifying, resending, resendSecondsLeft, verify, resend, edit } = useVerify();
  const toast = useToast();
  const form = useZodForm({
    schema: VerifyFormSchema,
    defaultValues: { code: '', rememberMe: false },
    onInvalid: (_errors, detail) => toast.show({ severity: 'warn', detail }),
  });

  if (!email) return null;

  return (
    <SignInLayout
      title={title}
      lead={
        <>
          {sentCodeText} <strong>{email}</strong>
        </>
      }
    >
      <Form
        noValidate
        onSubmit={form.handleSubmit(async ({ code, rememberMe }) => {
          await verify(code, rememberMe);
        })}
      >
        <TextField
          label={emailLabel}
          type="email"
          value={email}
          readOnly
          action={<LinkButton onClick={edit}>{editLabel}</LinkButton>}
        />
        <TextField
          {...form.field('code')}
          label={codeLabel}
          variant="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SIGN_IN_CODE_LENGTH}
          placeholder={codePlaceholder}
          required
          hideRequiredMarker
          autoFocus
          // Codes are digits: spaces or dashes pasted with one are dropped.
          onChange={(event) => form.setValue('code', event.target.value.replace(/\D/g, ''))}
        />
        <CheckboxField {...form.field('rememberMe')} label={rememberMeLabel} />
        <SignInSubmit block busy={verifying} busyLabel={verifyingLabel}>
          {continueLabel}
        </SignInSubmit>
      </Form>
      <Resend>
        {noEmailQuestion}{' '}
        <LinkButton onClick={() => void resend()} disabled={resending || resendSecondsLeft > 0}>
          {resendSecondsLeft > 0 ? resendCountdownLabel(resendSecondsLeft) : resendLabel}
        </LinkButton>
      </Resend>
    </SignInLayout>
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

const Resend = styled.p`
  margin: ${theme.space(6)} 0 0;
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
  text-align: center;
`;
