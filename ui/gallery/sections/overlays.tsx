import { useState } from 'react';
import styled from 'styled-components';
import { Button, useToast, theme } from '@outsync/ui';
import { CheckboxField, TextField } from '@outsync/ui/form';
import {
  ConfirmDialog,
  CopyButton,
  Dialog,
  Disclosure,
  Tooltip,
  type TooltipPlacement,
} from '@outsync/ui/overlay';
import { capitalise, Group, Groups, Row, Stack, wait } from '../section-parts';

/** Dialog, ConfirmDialog, Tooltip, Disclosure and CopyButton. */
export default function OverlaysSection() {
  return (
    <section aria-labelledby="overlays-title">
      <h2 id="overlays-title">Overlays</h2>
      <Groups>
        <Dialogs />
        <Confirmation />
        <Tooltips />
        <Disclosures />
        <Copying />
      </Groups>
    </section>
  );
}

function Dialogs() {
  const toast = useToast();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [payloadOpen, setPayloadOpen] = useState(false);
  return (
    <Group
      title="Dialog"
      note="The native modal <dialog>: Escape, the X or a click on the backdrop closes it; focus returns to the button that opened it."
    >
      <Row>
        <Button onClick={() => setSettingsOpen(true)}>Open webhook settings</Button>
        <Button $variant="secondary" onClick={() => setPayloadOpen(true)}>
          Open a long payload
        </Button>
      </Row>
      <Dialog
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        title="Webhook Settings"
        description="Changes apply to events received from now on."
        footer={
          <>
            <Button $variant="secondary" onClick={() => setSettingsOpen(false)}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                setSettingsOpen(false);
                toast.show({ severity: 'success', detail: 'Updated webhook' });
              }}
            >
              Update
            </Button>
          </>
        }
      >
        <TextField label="Description" defaultValue="Replies to HubSpot" />
        <CheckboxField label="Create task" defaultChecked />
      </Dialog>
      <Dialog open={payloadOpen} onClose={() => setPayloadOpen(false)} title="Payload" size="lg">
        <Payload tabIndex={0} role="region" aria-label="Payload JSON">
          {JSON.stringify(samplePayload, null, 2)}
        </Payload>
      </Dialog>
    </Group>
  );
}

const samplePayload = {
  event_type: 'EMAIL_REPLY',
  campaign_id: 4211,
  to_email: 'ada@example.com',
  from_email: 'sales@outsync.dev',
  subject: 'Re: Quick question about your CRM',
  sent_message: { text: 'Hi Ada, ...', time: '2026-03-02T10:15:00Z' },
  reply_message: { text: 'Sounds good, let us talk on Monday.', time: '2026-03-02T11:40:00Z' },
  lead_category: { name: 'Interested', id: 1 },
  history: Array.from({ length: 12 }, (_, index) => ({
    step: index + 1,
    type: index % 2 ? 'REPLY' : 'SENT',
    time: `2026-03-0${(index % 9) + 1}T09:00:00Z`,
  })),
};

function Confirmation() {
  const toast = useToast();
  const [open, setOpen] = useState(false);
  return (
    <Group
      title="ConfirmDialog"
      note="No and Yes; Yes shows that it is busy while the action runs. Focus starts on No."
    >
      <Row>
        <Button $variant="danger" onClick={() => setOpen(true)}>
          Delete ada@example.com
        </Button>
      </Row>
      <ConfirmDialog
        open={open}
        title="Do you want to delete ada@example.com?"
        text="This only deletes the User Profile."
        confirmVariant="danger"
        onCancel={() => setOpen(false)}
        onConfirm={async () => {
          await wait(1500);
          setOpen(false);
          toast.show({ severity: 'success', detail: 'Account deleted' });
        }}
      />
    </Group>
  );
}

const placements: TooltipPlacement[] = ['top', 'right', 'bottom', 'left'];

function Tooltips() {
  return (
    <Group title="Tooltip" note="Shows on hover and focus; hides on mouse leave, blur and Escape.">
      <TooltipRow>
        {placements.map((placement) => (
          <Tooltip key={placement} placement={placement} content={`Shown ${placement}`}>
            <Button $variant="secondary">{capitalise(placement)}</Button>
          </Tooltip>
        ))}
        <Tooltip content="Hub Id: 20519234 · Owner Id: 77012 · Owner Email: ada@example.com">
          <OwnerName type="button">Ada Lovelace</OwnerName>
        </Tooltip>
      </TooltipRow>
    </Group>
  );
}

function Disclosures() {
  const [open, setOpen] = useState(false);
  return (
    <Group title="Disclosure" note="A button with aria-expanded that shows or hides what follows.">
      <Stack>
        <Disclosure
          open={open}
          onOpenChange={setOpen}
          labels={{ open: 'Hide advanced settings', closed: 'Display advanced settings' }}
        >
          <Stack>
            <CheckboxField label="Assign company owner" />
            <CheckboxField label="Assign contact owner" />
            <CheckboxField label="Create task" />
          </Stack>
        </Disclosure>
        <Disclosure label="Advanced settings" defaultOpen>
          <TextField label="Recipient e-mail" defaultValue="ada@example.com" />
        </Disclosure>
      </Stack>
    </Group>
  );
}

const webhookUrl = 'https://app.outsync.dev/webhooks/3f9a2c7e';

function Copying() {
  return (
    <Group title="CopyButton" note="Copies, then shows the caller's toast.">
      <Row>
        <Url>{webhookUrl}</Url>
        <CopyButton text={webhookUrl} successMessage="Copied webhook URL.">
          Copy URL
        </CopyButton>
      </Row>
    </Group>
  );
}

// Room around the tips, so each placement shows inside the card.
const TooltipRow = styled(Row)`
  padding: ${theme.space(10)} ${theme.space(24)};
  gap: ${theme.space(6)};
`;

const OwnerName = styled.button`
  padding: 0;
  border: 0;
  background: none;
  font: inherit;
  color: ${theme.colors.ink};
  text-decoration: underline dotted;
  cursor: help;
`;

const Payload = styled.pre`
  margin: 0;
  padding: ${theme.space(4)};
  border-radius: ${theme.radius};
  background: ${theme.colors.codeBg};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
  overflow: auto;
`;

const Url = styled.code`
  padding: ${theme.space(1.5)} ${theme.space(2.5)};
  border: 1px solid ${theme.colors.border};
  border-radius: ${theme.radius};
  background: ${theme.colors.codeBg};
  font-family: ${theme.font.mono};
  font-size: ${theme.font.size.sm};
`;
