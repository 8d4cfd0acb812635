import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Providers } from './providers';

describe('Providers', () => {
  it('leaves <html> as the page wrote it: Mantine writing its colour scheme again would restyle the whole drawn page', async () => {
    const root = document.documentElement;
    root.setAttribute('data-mantine-color-scheme', 'light');
    const changes: string[] = [];
    const observer = new MutationObserver((records) => changes.push(...records.map((r) => r.attributeName ?? '')));
    observer.observe(root, { attributes: true });
    render(
      <Providers>
        <p>Contenu</p>
      </Providers>,
    );
    expect(await screen.findByText('Contenu')).toBeInTheDocument();
    // Effects have run by now; the observer's records are delivered at the next microtask.
    await new Promise((resolve) => setTimeout(resolve));
    observer.disconnect();
    expect(changes).toEqual([]);
    expect(root.getAttribute('data-mantine-color-scheme')).toBe('light');
  });
});
