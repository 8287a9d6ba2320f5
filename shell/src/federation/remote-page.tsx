import { Suspense, use, useState, type ComponentType } from 'react';
import styled from 'styled-components';
import { Button, Card, Spinner, theme } from '@outsync/ui';
import { loadRemoteModule } from './remote-registry';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { IncompatibleRemoteError, remoteRelease } from './release-check-plugin';
import { moduleLabel } from './module-labels';

export const moduleUnavailableTitle = 'Module unavailable';
export const moduleUnavailableText =
  'This part of OutSync could not be loaded. The rest of the dashboard still works.';
export const retryLabel = 'Retry';

interface RemotePageProps {
  /** Federation name, as listed in /remotes.json. */
  remote: string;
  /** Exposed module, e.g. 'WebhooksPage'. */
  expose: string;
  /**
   * The about line under the page (default true). The public sign-in screens leave it out: they
   * fill the viewport, and anonymous visitors have no need to learn our release versions.
   */
  showRelease?: boolean;
}

/**
 * Renders one exposed page of a remote. A failure shows the "module unavailable — retry" tile;
 * retry starts a fresh load that fetches the remote's manifest again.
 */
export function RemotePage({ remote, expose, showRelease = true }: RemotePageProps) {
  // Keyed so that a route change to another page never keeps this page's load.
  return (
    <RemotePageLoader
      key={`${remote}/${expose}`}
      remote={remote}
      expose={expose}
      showRelease={showRelease}
    />
  );
}

function RemotePageLoader({ remote, expose, showRelease }: RemotePageProps) {
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState(() => loadPage(remote, expose));
  const retry = () => {
    setLoad(loadPage(remote, expose));
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      key={attempt}
      fallback={(error) =>
        // A refused release stays refused until the page is reloaded, so the tile offers no
        // retry; it says why instead.
        error instanceof IncompatibleRemoteError ? (
          <UnavailableTile role="alert" data-remote={remote} data-refused="">
            <strong>{moduleUnavailableTitle}</strong>
            <p>{error.reason}</p>
          </UnavailableTile>
        ) : (
          <UnavailableTile role="alert" data-remote={remote}>
            <strong>{moduleUnavailableTitle}</strong>
            <p>{moduleUnavailableText}</p>
            <Button onClick={retry}>{retryLabel}</Button>
          </UnavailableTile>
        )
      }
    >
      <Suspense fallback={<Spinner label="Loading module" />}>
        <LoadedPage load={load} />
        {showRelease ? <AboutLine remote={remote} /> : null}
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function LoadedPage({ load }: { load: Promise<ComponentType> }) {
  // The component comes from a promise held in state, so its identity is stable across renders.
  const Page = use(load);
  // eslint-disable-next-line react-hooks/static-components
  return <Page />;
}

/**
 * "History module 0.1.0": the release the shell loaded, read at run time from the remote's
 * manifest, so a new release shows without rebuilding the shell.
 */
function AboutLine({ remote }: { remote: string }) {
  const version = remoteRelease(remote)?.version;
  if (!version) return null;
  return (
    <About data-remote-release={remote}>
      {moduleLabel(remote)} {version}
    </About>
  );
}

async function loadPage(remote: string, expose: string): Promise<ComponentType> {
  const module = await loadRemoteModule<ComponentType | { default: ComponentType }>(remote, expose);
  return 'default' in module ? module.default : module;
}

const UnavailableTile = styled(Card)`
  margin: ${theme.space(6)};
  max-width: 520px;
  border-color: ${theme.colors.danger};
  p {
    color: ${theme.colors.inkMuted};
  }
`;

const About = styled.p`
  margin: ${theme.space(4)} ${theme.space(6)};
  font-size: ${theme.font.size.sm};
  color: ${theme.colors.inkMuted};
`;
