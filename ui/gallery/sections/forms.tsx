import { useState } from 'react';
import styled from 'styled-components';
import { z } from 'zod';
import { useToast, theme } from '@outsync/ui';
import {
  BusyButton,
  CheckboxField,
  LinkButton,
  NumberField,
  PasswordField,
  SubmitButton,
  TextareaField,
  TextField,
  useZodForm,
} from '@outsync/ui/form';
import { Grid, Group, Groups, Row, Stack, wait } from '../section-parts';

/** Fields in every state, the submit buttons, and a live form on useZodForm. */
export default function FormsSection() {
  return (
    <section aria-labelledby="forms-title">
      <h2 id="forms-title">Forms</h2>
      <Groups>
        <TextFields />
        <OtherFields />
        <Checkboxes />
        <Buttons />
        <LiveForm />
      </Groups>
    </section>
  );
}

function TextFields() {
  return (
    <Group
      title="TextField"
      note="A label, the input, optional help and error; an error turns the border red and sets aria-invalid."
    >
      <Grid>
        <TextField label="Empty" placeholder="you@company.com" type="email" />
        <TextField label="Filled" defaultValue="ada@example.com" type="email" />
        <TextField
          label="With help"
          help="Shown in the webhook list."
          defaultValue="Replies to HubSpot"
        />
        <TextField
          label="With an error"
          type="email"
          required
          defaultValue=""
          error="Please enter your email address"
        />
        <TextField label="Required" required placeholder="Marked with an asterisk" />
        <TextField label="Disabled" disabled defaultValue="Cannot be changed" />
        <TextField
          label="Read-only with an action"
          type="email"
          readOnly
          value="ada@example.com"
          action={<LinkButton>Edit</LinkButton>}
        />
        <TextField
          label="Code"
          variant="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="Enter the 6-digit code"
        />
      </Grid>
    </Group>
  );
}

function OtherFields() {
  return (
    <Group title="NumberField, PasswordField, TextareaField">
      <Grid>
        <NumberField label="Port" defaultValue={8080} help="Between 1 and 65535." />
        <PasswordField label="API key" defaultValue="sk_live_51H8q2X" autoComplete="off" />
        <PasswordField label="API key (with an error)" error="Enter an API key" defaultValue="" />
        <TextareaField label="Description" placeholder="What this webhook is for" />
        <TextareaField
          label="Add Categories (one per line):"
          help="Each non-blank line becomes one category."
          defaultValue={'Interested\nMeeting booked'}
        />
        <TextareaField
          label="Payload"
          monospace
          error="Unexpected token } in JSON at position 18"
          defaultValue={'{ "event": "EMAIL_REPLY", }'}
        />
      </Grid>
    </Group>
  );
}

function Checkboxes() {
  const [rememberMe, setRememberMe] = useState(false);
  return (
    <Group title="CheckboxField" note="The whole label is the click target.">
      <Stack>
        <CheckboxField
          label="Remember me"
          checked={rememberMe}
          onChange={(event) => setRememberMe(event.target.checked)}
        />
        <CheckboxField label="Create task" defaultChecked />
        <CheckboxField
          label="Assign contact owner"
          help="The contact gets the webhook owner as its HubSpot owner."
        />
        <CheckboxField label="I accept the terms" error="Accept the terms to continue" />
        <CheckboxField label="Disabled" disabled />
        <CheckboxField label="Disabled and checked" disabled defaultChecked />
      </Stack>
    </Group>
  );
}

function Buttons() {
  return (
    <Group
      title="SubmitButton, BusyButton, LinkButton"
      note="Busy: disabled, with a spinner and the busy label."
    >
      <Row>
        <SubmitButton>Continue</SubmitButton>
        <SubmitButton busy busyLabel="Sending...">
          Continue
        </SubmitButton>
        <BusyButton variant="secondary">Send Test Webhook</BusyButton>
        <BusyButton variant="secondary" busy busyLabel="Sending test...">
          Send Test Webhook
        </BusyButton>
      </Row>
      <Row>
        <span>
          Didn&apos;t receive an email? <LinkButton>Resend</LinkButton>
        </span>
        <span>
          Didn&apos;t receive an email? <LinkButton disabled>Resend in 29s</LinkButton>
        </span>
      </Row>
    </Group>
  );
}

const WebhookFormSchema = z.object({
  name: z.string().trim().min(1, 'Enter a name'),
  email: z.string().trim().min(1, 'Please enter your email address'),
  port: z.number({ error: 'Enter a port' }).int().min(1).max(65535),
  notes: z.string(),
  createTask: z.boolean(),
});

function LiveForm() {
  const toast = useToast();
  const form = useZodForm({
    schema: WebhookFormSchema,
    defaultValues: { name: '', email: '', port: 443, notes: '', createTask: false },
    onInvalid: (_errors, detail) => toast.show({ severity: 'warn', summary: 'Validation', detail }),
  });
  return (
    <Group
      title="A live form (useZodForm)"
      note="Validates on submit, then on every change; focus goes to the first invalid field."
    >
      <LiveFormLayout
        noValidate
        aria-label="Live form"
        onSubmit={form.handleSubmit(async ({ name }) => {
          await wait(1500);
          toast.show({ severity: 'success', detail: `Saved ${name}` });
          form.reset();
        })}
      >
        <TextField label="Name" required {...form.field('name')} />
        <TextField label="Owner email" type="email" required {...form.field('email')} />
        <NumberField label="Port" required {...form.field('port')} />
        <TextareaField label="Notes" help="Optional." {...form.field('notes')} />
        <CheckboxField label="Create task" {...form.field('createTask')} />
        <Row>
          <SubmitButton busy={form.submitting} busyLabel="Saving...">
            Save
          </SubmitButton>
          <BusyButton variant="secondary" onClick={() => form.reset()}>
            Reset
          </BusyButton>
        </Row>
      </LiveFormLayout>
    </Group>
  );
}

const LiveFormLayout = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
  max-width: 420px;
`;
