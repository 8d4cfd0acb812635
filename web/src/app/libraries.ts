/**
 * The router's and the data cache's libraries, which the entry runs in a task of their own
 * between React and the app (main.tsx). Nothing imports them from here: the app imports them
 * where it uses them, and this module only makes their chunk run first (vite.config.ts).
 */
export { UNSAFE_createRouter, RouterProvider } from 'react-router';
export { QueryClient, QueryClientProvider } from '@tanstack/react-query';
