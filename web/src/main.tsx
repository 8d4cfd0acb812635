import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import '@fontsource/jost/400.css';
import '@fontsource/jost/500.css';
import '@fontsource/jost/600.css';
import './app/mantine-first-load.css';
import './app/global.css';
import { Providers } from './app/providers';
import { router } from './app/router';
import { installStaleBuildReload } from './app/stale-build';

installStaleBuildReload();

// A transition: React renders the first screen in slices and lets the phone handle a tap or
// draw a frame between them, instead of holding the main thread for the whole tree at once.
startTransition(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);
