/**
 * Resolves in a later task of the browser: what follows runs apart from what came before, so a
 * slowed phone can answer a tap or draw a frame between them (main.tsx, start.tsx).
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
