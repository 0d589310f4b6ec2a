import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { createQueryClient } from '@data/query-client';
import { SessionProvider } from './session/session-provider';
import { Shell } from './shell';
import { ToastRegion } from './toast-region';
import './styles.css';

/** The console: data cache, session (login when signed out), then the shell; toasts show in both states. */
export function App() {
  const [queryClient] = useState(() => createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <Shell />
      </SessionProvider>
      <ToastRegion />
    </QueryClientProvider>
  );
}
