/** The app itself: providers and router, rendered into the page (main.tsx loads it). */
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { router } from './router';

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
