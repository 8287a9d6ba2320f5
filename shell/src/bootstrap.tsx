import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { registerRemotesFromManifest } from './federation/remote-registry';

async function start() {
  await registerRemotesFromManifest();
  const element = document.getElementById('root');
  if (!element) throw new Error('index.html has no #root element');
  createRoot(element).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
