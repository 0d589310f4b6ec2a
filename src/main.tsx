import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@app/app';
import { hydrateClientState } from '@state/client-state';

/** Bootstrap: load the stored client state, then render the console into #root. */
async function start(): Promise<void> {
  await hydrateClientState();
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

void start();
