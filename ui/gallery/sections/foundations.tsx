import styled from 'styled-components';
import {
  Button,
  Page,
  Spinner,
  cssVar,
  toastSummaries,
  tokenValues,
  useToast,
  type Token,
  type ToastSeverity,
  theme,
} from '@outsync/ui';
import { useGalleryMode } from '../gallery-mode';
import { capitalise, Group, Groups, Row } from '../section-parts';

/** Tokens, the basic primitives (Button, Spinner, toasts) and the Page/Card frame. */
export default function FoundationsSection() {
  return (
    <section aria-labelledby="foundations-title">
      <h2 id="foundations-title">Foundations</h2>
      <Groups>
        <ColourTokens />
        <SpacingScale />
        <Typography />
        <Radii />
        <Buttons />
        <Spinners />
        <Toasts />
        <PageFrame />
      </Groups>
    </section>
  );
}

const colourTokens = (Object.keys(tokenValues.light) as Token[]).filter((token) =>
  token.startsWith('color-'),
);

function ColourTokens() {
  const mode = useGalleryMode();
  return (
    <Group
      title="Colour"
      note={`Values for the ${mode} mode; a host overrides any of them with --outsync-<token>.`}
    >
      <Swatches>
        {colourTokens.map((token) => (
          <li key={token}>
            <Swatch style={{ background: cssVar(token) }} aria-hidden="true" />
            <code>--os-{token}</code>
            <SwatchValue>{tokenValues[mode][token]}</SwatchValue>
          </li>
        ))}
      </Swatches>
    </Group>
  );
}

const spaceUnitPx = Number.parseFloat(tokenValues.light['space-unit']);
const spaceSteps = [1, 2, 3, 4, 5, 6, 8, 10, 12];

function SpacingScale() {
  return (
    <Group
      title="Spacing"
      note={`theme.space(n) is n × space-unit (${tokenValues.light['space-unit']}).`}
    >
      <Scale>
        {spaceSteps.map((step) => (
          <li key={step}>
            <code>space({step})</code>
            <ScaleValue>{step * spaceUnitPx}px</ScaleValue>
            <SpaceBar $step={step} aria-hidden="true" />
          </li>
        ))}
      </Scale>
    </Group>
  );
}

const fontSizes = ['xl', 'lg', 'md', 'sm'] as const;

function Typography() {
  return (
    <Group title="Typography">
      <TypeSamples>
        {fontSizes.map((size) => (
          <li key={size}>
            <TypeLabel>
              <code>font-size-{size}</code> {tokenValues.light[`font-size-${size}`]}
            </TypeLabel>
            <TypeSample $size={size}>Sync every reply into your CRM</TypeSample>
          </li>
        ))}
        <li>
          <TypeLabel>
            <code>font-family-mono</code>
          </TypeLabel>
          <MonoSample>POST /webhooks/3f9a2c {'{ "event": "EMAIL_REPLY" }'}</MonoSample>
        </li>
      </TypeSamples>
    </Group>
  );
}

function Radii() {
  return (
    <Group title="Radius">
      <Row>
        {(['radius', 'radius-lg'] as const).map((token) => (
          <RadiusSample key={token}>
            <RadiusBox style={{ borderRadius: cssVar(token) }} aria-hidden="true" />
            <code>{token}</code> {tokenValues.light[token]}
          </RadiusSample>
        ))}
      </Row>
    </Group>
  );
}

const buttonVariants = ['primary', 'secondary', 'danger'] as const;

function Buttons() {
  return (
    <Group
      title="Button"
      note="type defaults to 'button', so a button never submits a form by accident."
    >
      <Row>
        {buttonVariants.map((variant) => (
          <Button key={variant} $variant={variant}>
            {capitalise(variant)}
          </Button>
        ))}
      </Row>
      <Row>
        {buttonVariants.map((variant) => (
          <Button key={variant} $variant={variant} disabled>
            {capitalise(variant)} disabled
          </Button>
        ))}
      </Row>
    </Group>
  );
}

function Spinners() {
  return (
    <Group
      title="Spinner"
      note="A polite status with a label for screen readers; small fits a line of text."
    >
      <Row>
        <Spinner label="Loading accounts" />
        <Spinner label="Loading more accounts" size="small" />
      </Row>
    </Group>
  );
}

const toastDetails: Record<ToastSeverity, string> = {
  info: 'The sync runs every five minutes.',
  warn: 'The HubSpot token expires in 3 days.',
  error: 'The webhook could not be saved.',
  success: 'Webhook created.',
};

function Toasts() {
  const toast = useToast();
  const severities = Object.keys(toastSummaries) as ToastSeverity[];
  return (
    <Group title="Toast" note="useToast().show({ severity, detail }); each leaves after 3000 ms.">
      <Row>
        {severities.map((severity) => (
          <Button
            key={severity}
            $variant="secondary"
            onClick={() => toast.show({ severity, detail: toastDetails[severity] })}
          >
            Show {toastSummaries[severity].toLowerCase()} toast
          </Button>
        ))}
      </Row>
    </Group>
  );
}

function PageFrame() {
  return (
    <Group title="Page and Card" note="Every screen's frame: a title and its content on a card.">
      <PagePreview>
        <Page title="Webhooks">
          <p>A screen's content sits on the card.</p>
        </Page>
      </PagePreview>
    </Group>
  );
}

const Swatches = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(180px, 1fr));
  gap: ${theme.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  li {
    display: flex;
    flex-direction: column;
    gap: ${theme.space(1)};
    font-size: ${theme.font.size.sm};
  }
`;

const Swatch = styled.span`
  display: block;
  height: 48px;
  border: 1px solid ${theme.colors.borderStrong};
  border-radius: ${theme.radius};
`;

const SwatchValue = styled.span`
  color: ${theme.colors.inkMuted};
  font-family: ${theme.font.mono};
`;

const Scale = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};

  li {
    display: grid;
    grid-template-columns: 90px 48px 1fr;
    align-items: center;
    font-size: ${theme.font.size.sm};
  }
`;

const ScaleValue = styled.span`
  color: ${theme.colors.inkMuted};
`;

const SpaceBar = styled.span<{ $step: number }>`
  height: 12px;
  width: ${({ $step }) => theme.space($step)};
  background: ${theme.colors.brand};
  border-radius: 2px;
`;

const TypeSamples = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
`;

const TypeLabel = styled.div`
  color: ${theme.colors.inkMuted};
  font-size: ${theme.font.size.sm};
`;

const TypeSample = styled.p<{ $size: (typeof fontSizes)[number] }>`
  margin: 0;
  font-size: ${({ $size }) => theme.font.size[$size]};
`;

const MonoSample = styled.code`
  font-family: ${theme.font.mono};
`;

const RadiusSample = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  font-size: ${theme.font.size.sm};
`;

const RadiusBox = styled.span`
  display: block;
  width: 96px;
  height: 64px;
  background: ${theme.colors.surfaceHover};
  border: 1px solid ${theme.colors.borderStrong};
`;

const PagePreview = styled.div`
  border: 1px dashed ${theme.colors.borderStrong};
  border-radius: ${theme.radius};
  background: ${theme.colors.canvas};
`;
