import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadRemoteModule, registerRemotesFromManifest } from './federation/remote-registry';
import { routeAt } from './routing/route-at';

function start() {
  // Neither waits for the other, nor delays the first render: the layout and the session load
  // while /remotes.json and the opened screen's module arrive (pages wait for them themselves).
  void registerRemotesFromManifest();
  const route = routeAt(window.location.pathname);
  if (route) preloadRemoteModule(route.federationName, route.expose);
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  createRoot(element).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start();
