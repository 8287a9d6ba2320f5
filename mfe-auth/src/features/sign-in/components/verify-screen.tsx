import { useState, type FormEvent } from 'react';
import { SIGN_IN_CODE_LENGTH } from '@outsync/contracts';
import styled from 'styled-components';
import { useVerify } from '../api/use-verify';
import { CheckboxField, LinkButton, SubmitButton, TextField } from './form-controls';
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
  const [code, setCode] = useState('');
  const [rememberMe, setRememberMe] = useState(false);

  if (!email) return null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void verify(code, rememberMe);
  };

  return (
    <SignInLayout
      title={title}
      lead={
        <>
          {sentCodeText} <strong>{email}</strong>
        </>
      }
    >
      <Form noValidate onSubmit={onSubmit}>
        <TextField
          label={emailLabel}
          type="email"
          value={email}
          readOnly
          action={<LinkButton onClick={edit}>{editLabel}</LinkButton>}
        />
        <TextField
          label={codeLabel}
          variant="code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SIGN_IN_CODE_LENGTH}
          placeholder={codePlaceholder}
          required
          autoFocus
          value={code}
          // Codes are digits: spaces or dashes pasted with one are dropped.
          onChange={(event) => setCode(event.target.value.replace(/\D/g, ''))}
        />
        <CheckboxField
          label={rememberMeLabel}
          name="rememberMe"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <SubmitButton busy={verifying} busyLabel={verifyingLabel}>
          {continueLabel}
        </SubmitButton>
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
  gap: ${({ theme }) => theme.space(5)};
`;

const Resend = styled.p`
  margin: ${({ theme }) => `${theme.space(6)} 0 0`};
  font-size: ${({ theme }) => theme.font.size.sm};
  color: ${({ theme }) => theme.colors.inkMuted};
  text-align: center;
`;
